package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.support.Http;
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
 * A sealed record whose ciphertext was changed in the store (one character) fails its
 * authentication: 500 {@code IDEMPOTENCY_RECORD_UNREADABLE}, and the method does not run again.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class EncryptedRecordTamperedTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return EncryptionDeployment.war("encrypted-record-tampered", Keys.NEW).build();
  }

  @ArquillianResource URL base;

  private EncryptionApi client;
  private String tag;
  private String key;

  @BeforeEach
  void store_a_tampered_record() {
    client = new EncryptionApi(base);
    tag = Http.unique("tampered");
    key = Http.unique("key");
    client.tamperWithNext(EncryptionApi.recordKey(key));
    client.receipt(tag, key);
  }

  @Test
  void a_tampered_record_gets_500_idempotency_record_unreadable() {
    Unreadable.assertRefused(client.receipt(tag, key));
  }

  @Test
  void the_method_does_not_run_again_for_a_tampered_record() {
    client.receipt(tag, key);

    assertEquals(1, client.count(tag), "only the first request ran");
  }
}
