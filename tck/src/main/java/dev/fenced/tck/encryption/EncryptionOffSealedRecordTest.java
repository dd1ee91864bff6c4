package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.encryption.common.StoredRecord;
import dev.fenced.tck.support.Http;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Without {@code fenced.idempotency.encryption.keys}, a sealed ({@code v1.}) record is refused too:
 * it cannot be a plain outcome, so the keys were probably removed from the configuration. 500
 * {@code IDEMPOTENCY_RECORD_UNREADABLE}, and the method does not run.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptionOffSealedRecordTest {

  /** The shape of a sealed record: version, key id, IV, ciphertext, tag. */
  private static final String SEALED =
      "v1.AAAAAAAAAAA.AAAAAAAAAAAAAAAA.c2VhbGVkLW91dGNvbWU.AAAAAAAAAAAAAAAAAAAAAA";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.plain("encryption-off-sealed-record").build();
  }

  @ArquillianResource URL base;

  private EncryptionApi client;
  private String tag;
  private String plantedKey;

  @BeforeEach
  void plant_a_sealed_record() {
    client = new EncryptionApi(base);
    tag = Http.unique("off");
    String plainKey = Http.unique("key");
    client.receipt(tag, plainKey);
    String fingerprint = client.existingRecord(EncryptionApi.recordKey(plainKey)).fingerprint();
    plantedKey = Http.unique("key");
    client.plant(
        EncryptionApi.recordKey(plantedKey),
        new StoredRecord(fingerprint, SEALED.getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void a_sealed_record_gets_500_idempotency_record_unreadable() {
    Unreadable.assertRefused(client.receipt(tag, plantedKey));
  }

  @Test
  void the_method_does_not_run_for_a_sealed_record() {
    client.receipt(tag, plantedKey);

    assertEquals(1, client.count(tag), "only the first request ran");
  }
}
