package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.encryption.KeyRing;
import dev.fenced.core.encryption.OutcomeCipher;
import dev.fenced.core.encryption.PlainRecords;
import dev.fenced.core.encryption.RecordSealer;
import java.util.List;

/**
 * Encryption at rest, {@value KeyRing#OPTION}: checked at deployment (each bad entry is a problem
 * naming its position, never the key), then turned into the engine's {@link RecordSealer}. Unset
 * (MicroProfile Config treats an empty value as unset): records are stored in plain text. The value
 * may come from any config source, e.g. an environment variable or the server's vault.
 */
public final class EncryptionSettings {

  private EncryptionSettings() {}

  /**
   * The problems of the configured keys.
   *
   * @param config the application's config
   * @return the problems, empty when the keys are valid or not set
   */
  public static List<String> problems(ConfigLookup config) {
    return config.value(KeyRing.OPTION).map(KeyRing::problems).orElse(List.of()).stream()
        .map(DeploymentProblem.ENCRYPTION_KEYS_INVALID::format)
        .toList();
  }

  /**
   * The sealer the engine uses.
   *
   * @param config the application's config, already checked with {@link #problems}
   * @return an {@link OutcomeCipher} when keys are set, else {@link PlainRecords}
   * @throws IllegalArgumentException when the keys are invalid
   */
  public static RecordSealer sealer(ConfigLookup config) {
    return config
        .value(KeyRing.OPTION)
        .<RecordSealer>map(value -> new OutcomeCipher(KeyRing.parse(value)))
        .orElse(PlainRecords.INSTANCE);
  }
}
