package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.core.encryption.KeyRing;
import dev.fenced.core.encryption.OutcomeCipher;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.spi.AcquireResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The engine with encryption at rest: the store only ever holds sealed envelopes, a replay opens
 * them, and a record that does not open is refused without running the work.
 */
class EncryptedOutcomeTest {

  private static final String KEYS = "rV6pNf0qG5l8gE2u1nJm9bK3cX7wZ4yT";
  private static final Duration TTL = Duration.ofHours(1);
  private static final ExecutionOptions OPTIONS =
      ExecutionOptions.rejecting(TTL, Duration.ofSeconds(3));
  private static final RecordKey KEY = RecordKey.method("evt-1", "com.example.Shipping", "onPaid");
  private static final RecordKey OTHER_KEY =
      RecordKey.method("evt-2", "com.example.Shipping", "onPaid");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("onPaid", bytes("{\"id\":1}"));

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine =
      new IdempotencyEngine(
          store,
          time.clock(),
          time,
          IdempotencyEngine.DEFAULT_RETRY_AFTER,
          new OutcomeCipher(KeyRing.parse(KEYS)));
  private final AtomicInteger runs = new AtomicInteger();

  @Test
  void the_store_holds_a_sealed_envelope_without_the_payload() throws Exception {
    engine.execute(KEY, FINGERPRINT, OPTIONS, work("shipped parcel 7"));

    String stored = new String(stored(KEY), StandardCharsets.US_ASCII);
    assertThat(stored).startsWith("v1.").doesNotContain("shipped", "parcel");
  }

  @Test
  void replays_the_opened_payload() throws Exception {
    engine.execute(KEY, FINGERPRINT, OPTIONS, work("shipped"));

    Outcome replay = engine.execute(KEY, FINGERPRINT, OPTIONS, work("shipped twice"));

    assertThat(replay).isInstanceOf(Outcome.Replayed.class);
    assertThat(replay.payload()).isEqualTo(bytes("shipped"));
    assertThat(runs).hasValue(1);
  }

  @Test
  void refuses_a_plain_text_record_without_running_the_work() {
    plant(OTHER_KEY, bytes("{\"v\":1,\"kind\":\"void\"}"));

    assertUnreadable(() -> engine.execute(OTHER_KEY, FINGERPRINT, OPTIONS, work("shipped")));
    assertThat(runs).hasValue(0);
  }

  @Test
  void refuses_a_sealed_record_moved_to_another_key_without_running_the_work() throws Exception {
    engine.execute(KEY, FINGERPRINT, OPTIONS, work("shipped"));
    plant(OTHER_KEY, stored(KEY));

    assertUnreadable(() -> engine.execute(OTHER_KEY, FINGERPRINT, OPTIONS, work("again")));
    assertThat(runs).hasValue(1);
  }

  @Test
  void refuses_a_sealed_record_when_encryption_is_off() throws Exception {
    engine.execute(KEY, FINGERPRINT, OPTIONS, work("shipped"));
    IdempotencyEngine plain = new IdempotencyEngine(store, time.clock(), time);

    assertUnreadable(() -> plain.execute(KEY, FINGERPRINT, OPTIONS, work("again")));
    assertThat(runs).hasValue(1);
  }

  @Test
  void answers_another_fingerprint_as_reused_without_opening_the_record() {
    plant(OTHER_KEY, bytes("not even a record"));
    Fingerprint other = new FingerprintCalculator().ofCall("onPaid", bytes("{\"id\":2}"));

    assertThatThrownBy(() -> engine.execute(OTHER_KEY, other, OPTIONS, work("x")))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED));
  }

  private byte[] stored(RecordKey key) {
    AcquireResult result = store.acquire(key.value(), "reader", FINGERPRINT.value(), 1_000);
    return ((AcquireResult.Completed) result).payload();
  }

  private void plant(RecordKey key, byte[] payload) {
    store.acquire(key.value(), "planter", FINGERPRINT.value(), 1_000);
    store.complete(key.value(), "planter", payload, TTL.toMillis());
  }

  private Callable<byte[]> work(String result) {
    return () -> {
      runs.incrementAndGet();
      return bytes(result);
    };
  }

  private static void assertUnreadable(ThrowingCallable call) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE))
        .hasMessageNotContaining("evt-");
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
