package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link IdempotencyEngine#claim(RecordKey, Fingerprint, ExecutionOptions)}: claiming with the
 * conflict policy.
 */
class IdempotencyEngineClaimWaitingTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final Duration TTL = Duration.ofHours(1);
  private static final RecordKey KEY = RecordKey.method("evt-1", "com.example.Shipping", "onPaid");
  private static final Fingerprint FIRST =
      new FingerprintCalculator().ofCall("onPaid", "{}".getBytes(StandardCharsets.UTF_8));

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);

  @Test
  void rejecting_options_return_in_use_at_once() throws Exception {
    engine.claim(KEY, FIRST, LOCK_TTL);

    assertThat(engine.claim(KEY, FIRST, ExecutionOptions.rejecting(TTL, LOCK_TTL)))
        .isInstanceOf(Claim.InUse.class);
  }

  @Test
  void waiting_options_give_up_with_wait_timeout_while_the_first_attempt_runs() throws Exception {
    engine.claim(KEY, FIRST, LOCK_TTL);
    long start = time.nanoTime();

    assertThatThrownBy(
            () ->
                engine.claim(
                    KEY, FIRST, ExecutionOptions.waiting(TTL, LOCK_TTL, Duration.ofSeconds(2))))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT));
    assertThat(Duration.ofNanos(time.nanoTime() - start)).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void waiting_options_replay_a_completed_record_and_claim_a_free_key() throws Exception {
    ExecutionOptions waiting = ExecutionOptions.waiting(TTL, LOCK_TTL, Duration.ofSeconds(2));
    Claim first = engine.claim(KEY, FIRST, waiting);
    assertThat(first).isInstanceOf(Claim.Claimed.class);

    ((Claim.Claimed) first).execution().complete(new byte[] {1}, TTL);

    assertThat(engine.claim(KEY, FIRST, waiting)).isInstanceOf(Claim.Replay.class);
  }
}
