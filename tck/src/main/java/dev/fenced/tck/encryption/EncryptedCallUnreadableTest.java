package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.encryption.common.RecordWindow;
import dev.fenced.tck.encryption.common.StoredRecord;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A non-HTTP caller ({@code Idempotency.execute}, whose fingerprint is the same for every key) gets
 * {@code IdempotencyException} with {@code IDEMPOTENCY_RECORD_UNREADABLE} for a record that cannot
 * be opened (plain text, or sealed under another key), an {@code IdempotencyRejected} event is
 * fired, and the work does not run; a sealed record replays.
 */
@ExtendWith(ArquillianExtension.class)
public class EncryptedCallUnreadableTest {

  private static final String UNREADABLE = "rejected:IDEMPOTENCY_RECORD_UNREADABLE";
  private static final IdempotencyOptions OPTIONS =
      IdempotencyOptions.defaults().withResultType(String.class);

  @Deployment
  public static WebArchive deployment() {
    return EncryptionDeployment.war("encrypted-call-unreadable", Keys.NEW).build();
  }

  @Inject Idempotency idempotency;
  @Inject RecordWindow window;
  @Inject Invocations counter;

  private String parcel;
  private String firstKey;
  private StoredRecord sealed;

  @BeforeEach
  void ship_once() throws Exception {
    parcel = "parcel-" + UUID.randomUUID();
    firstKey = "evt-" + UUID.randomUUID();
    ship(firstKey);
    sealed = window.read(recordKey(firstKey)).orElseThrow();
  }

  @Test
  void a_sealed_outcome_replays_without_running_the_work() throws Exception {
    String replay = ship(firstKey);

    assertAll(
        () -> assertEquals("shipped " + parcel + " run 1", replay),
        () -> assertEquals(1, counter.count(parcel)));
  }

  @Test
  void a_plain_text_record_is_refused_with_idempotency_record_unreadable() {
    String key = "evt-" + UUID.randomUUID();
    byte[] plain =
        "{\"v\":1,\"kind\":\"value\",\"value\":\"forged\"}".getBytes(StandardCharsets.UTF_8);
    window.plant(recordKey(key), new StoredRecord(sealed.fingerprint(), plain));
    int rejectedBefore = counter.count(UNREADABLE);

    IdempotencyException refused = assertThrows(IdempotencyException.class, () -> ship(key));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE, refused.code()),
        () -> assertEquals(1, counter.count(parcel), "the work did not run"),
        () -> assertEquals(rejectedBefore + 1, counter.count(UNREADABLE), "one event"));
  }

  @Test
  void a_sealed_record_moved_from_another_key_is_refused_with_idempotency_record_unreadable() {
    String key = "evt-" + UUID.randomUUID();
    window.plant(recordKey(key), sealed);

    IdempotencyException refused = assertThrows(IdempotencyException.class, () -> ship(key));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE, refused.code()),
        () -> assertEquals(1, counter.count(parcel), "the work did not run"));
  }

  private String ship(String key) throws Exception {
    return idempotency.execute(
        key, () -> "shipped " + parcel + " run " + counter.increment(parcel), OPTIONS);
  }

  /** Fenced's record key of a programmatic call, for keys that need no percent-encoding. */
  private static String recordKey(String key) {
    return key + ":" + Idempotency.class.getName() + ".execute";
  }
}
