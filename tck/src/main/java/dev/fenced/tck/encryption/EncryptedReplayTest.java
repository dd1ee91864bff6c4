package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.encryption.common.ReceiptResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
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
 * With {@code fenced.idempotency.encryption.keys} set, a repeat is replayed from the sealed record
 * as usual, and the store holds only the {@code v1.} envelope: neither the body nor its base64
 * appears in the bytes the store returns.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptedReplayTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.war("encrypted-replay", Keys.NEW + "," + Keys.OLD).build();
  }

  @ArquillianResource URL base;

  private EncryptionApi client;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    client = new EncryptionApi(base);
    tag = Http.unique("replay");
    key = Http.unique("key");
  }

  @Test
  void a_repeat_is_replayed_from_the_sealed_record() {
    Reply first = client.receipt(tag, key);
    Reply repeat = client.receipt(tag, key);

    assertAll(
        () -> assertEquals(201, first.status(), first.toString()),
        () -> assertEquals(201, repeat.status(), repeat.toString()),
        () -> assertEquals(first.text(), repeat.text()),
        () -> assertTrue(repeat.replayed(), "Idempotent-Replayed: true"),
        () -> assertEquals(1, client.count(tag), "runs"));
  }

  @Test
  void the_stored_record_shows_no_plaintext_of_the_body() {
    Reply first = client.receipt(tag, key);

    String stored =
        new String(
            client.existingRecord(EncryptionApi.recordKey(key)).payload(),
            StandardCharsets.ISO_8859_1);
    String body64 =
        Base64.getEncoder().encodeToString(first.text().getBytes(StandardCharsets.UTF_8));
    assertAll(
        () -> assertTrue(stored.startsWith("v1."), "the v1 envelope: " + stored),
        () -> assertFalse(stored.contains(ReceiptResource.MARKER), "the body in plain text"),
        () -> assertFalse(stored.contains(tag), "the tag in plain text"),
        () -> assertFalse(stored.contains(body64.substring(0, 16)), "the body in base64"),
        () -> assertFalse(stored.contains("\"status\""), "the outcome's JSON"));
  }
}
