package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.encryption.common.StoredRecord;
import dev.fenced.tck.support.Http;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * While encryption is on, a well-formed plain-text record planted in the store (with the request's
 * own fingerprint) is refused: 500 {@code IDEMPOTENCY_RECORD_UNREADABLE}, an {@code
 * IdempotencyRejected} event, and the method does not run.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptedPlainTextRecordTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.war("encrypted-plain-text-record", Keys.NEW).build();
  }

  @ArquillianResource URL base;

  private EncryptionApi client;
  private String tag;
  private String plantedKey;

  @BeforeEach
  void plant_a_plain_text_record() {
    client = new EncryptionApi(base);
    tag = Http.unique("plain");
    String sealedKey = Http.unique("key");
    client.receipt(tag, sealedKey);
    String fingerprint = client.existingRecord(EncryptionApi.recordKey(sealedKey)).fingerprint();
    String body =
        Base64.getEncoder().encodeToString("{\"run\":99}".getBytes(StandardCharsets.UTF_8));
    String plain =
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"" + body + "\"}";
    plantedKey = Http.unique("key");
    client.plant(
        EncryptionApi.recordKey(plantedKey),
        new StoredRecord(fingerprint, plain.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void a_plain_text_record_gets_500_idempotency_record_unreadable() {
    Unreadable.assertRefused(client.receipt(tag, plantedKey));
  }

  @Test
  void the_method_does_not_run_for_a_plain_text_record() {
    client.receipt(tag, plantedKey);

    assertEquals(1, client.count(tag), "only the first, sealed request ran");
  }

  @Test
  void a_rejection_event_is_fired_for_a_plain_text_record() {
    int before = client.count("rejected:IDEMPOTENCY_RECORD_UNREADABLE");

    client.receipt(tag, plantedKey);

    assertEquals(before + 1, client.count("rejected:IDEMPOTENCY_RECORD_UNREADABLE"));
  }
}
