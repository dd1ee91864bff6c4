package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.encryption.OutcomeCipher;
import dev.fenced.core.encryption.PlainRecords;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EncryptionSettingsTest {

  private static final String OPTION = "fenced.idempotency.encryption.keys";
  private static final String KEY = "rV6pNf0qG5l8gE2u1nJm9bK3cX7wZ4yT";

  @Test
  void without_keys_records_are_stored_as_they_are() {
    ConfigLookup config = ConfigLookup.of(Map.of());

    assertThat(EncryptionSettings.problems(config)).isEmpty();
    assertThat(EncryptionSettings.sealer(config)).isSameAs(PlainRecords.INSTANCE);
  }

  @Test
  void with_keys_records_are_sealed() {
    ConfigLookup config = ConfigLookup.of(Map.of(OPTION, KEY));

    assertThat(EncryptionSettings.problems(config)).isEmpty();
    assertThat(EncryptionSettings.sealer(config)).isInstanceOf(OutcomeCipher.class);
  }

  @Test
  void each_bad_entry_is_a_deployment_problem_that_never_names_the_key() {
    ConfigLookup config = ConfigLookup.of(Map.of(OPTION, KEY + ", " + KEY + ",short"));

    assertThat(EncryptionSettings.problems(config))
        .hasSize(2)
        .allSatisfy(
            problem ->
                assertThat(problem)
                    .startsWith(DeploymentProblem.ENCRYPTION_KEYS_INVALID.id() + ": " + OPTION)
                    .doesNotContain(KEY));
  }
}
