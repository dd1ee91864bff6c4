package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A sealed record copied byte for byte under another record key (same fingerprint, so only the
 * record key differs) does not open there: 500 {@code IDEMPOTENCY_RECORD_UNREADABLE}, and the
 * method does not run. The record key is bound into the seal as associated data.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptedRecordMovedTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.war("encrypted-record-moved", Keys.NEW).build();
  }

  @ArquillianResource URL base;

  private EncryptionApi client;
  private String tag;
  private String sealedKey;
  private String movedKey;

  @BeforeEach
  void move_a_sealed_record() {
    client = new EncryptionApi(base);
    tag = Http.unique("moved");
    sealedKey = Http.unique("key");
    client.receipt(tag, sealedKey);
    movedKey = Http.unique("key");
    client.plant(
        EncryptionApi.recordKey(movedKey),
        client.existingRecord(EncryptionApi.recordKey(sealedKey)));
  }

  @Test
  void a_sealed_record_under_another_key_gets_500_idempotency_record_unreadable() {
    Unreadable.assertRefused(client.receipt(tag, movedKey));
  }

  @Test
  void the_method_does_not_run_for_a_moved_record() {
    client.receipt(tag, movedKey);

    assertEquals(1, client.count(tag), "only the first request ran");
  }

  @Test
  void the_record_still_replays_under_its_own_key() {
    Reply replay = client.receipt(tag, sealedKey);

    assertEquals(201, replay.status(), replay.toString());
  }
}
