package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.TransactionalMemoryStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.locks.DetectedBy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** The simple, non-transactional path: {@link IdempotencyEngine#execute}. */
class IdempotencyEngineExecuteTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final Duration TTL = Duration.ofHours(1);
  private static final Duration WAIT = Duration.ofSeconds(1);
  private static final ExecutionOptions REJECT = ExecutionOptions.rejecting(TTL, LOCK_TTL);
  private static final ExecutionOptions WAITING = ExecutionOptions.waiting(TTL, LOCK_TTL, WAIT);
  private static final RecordKey KEY = RecordKey.method("evt-1", "com.example.Shipping", "onPaid");
  private static final FingerprintCalculator FINGERPRINTS = new FingerprintCalculator();
  private static final Fingerprint FIRST = FINGERPRINTS.ofCall("onPaid", bytes("{\"id\":1}"));
  private static final Fingerprint OTHER = FINGERPRINTS.ofCall("onPaid", bytes("{\"id\":2}"));

  private final ManualTime time = new ManualTime();
  private final SwitchableStore store =
      new SwitchableStore(new InMemoryIdempotencyStore(time::nanoTime));
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final AtomicInteger runs = new AtomicInteger();

  @Test
  void runs_the_work_and_stores_its_outcome() throws Exception {
    Outcome outcome = engine.execute(KEY, FIRST, REJECT, work("shipped"));

    assertThat(outcome).isInstanceOf(Outcome.Ran.class);
    assertThat(((Outcome.Ran) outcome).completion()).isEqualTo(Completion.STORED);
    assertThat(outcome.payload()).isEqualTo(bytes("shipped"));
  }

  @Test
  void replays_the_stored_outcome_without_running_the_work_again() throws Exception {
    engine.execute(KEY, FIRST, REJECT, work("shipped"));

    Outcome outcome = engine.execute(KEY, FIRST, REJECT, work("shipped twice"));

    assertThat(outcome).isInstanceOf(Outcome.Replayed.class);
    assertThat(outcome.payload()).isEqualTo(bytes("shipped"));
    assertThat(runs).hasValue(1);
  }

  @Test
  void never_runs_the_work_when_the_store_cannot_be_reached() {
    store.goDown();

    assertRejected(
        () -> engine.execute(KEY, FIRST, REJECT, work("shipped")),
        ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE);
    assertThat(runs).hasValue(0);
  }

  @Test
  void rejects_a_running_duplicate_as_in_use() {
    claimed();

    assertRejected(
        () -> engine.execute(KEY, FIRST, REJECT, work("shipped")),
        ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertThat(runs).hasValue(0);
  }

  @Test
  void rejects_another_call_under_a_used_key_as_reused() throws Exception {
    engine.execute(KEY, FIRST, REJECT, work("shipped"));

    assertRejected(
        () -> engine.execute(KEY, OTHER, REJECT, work("other")), ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertThat(runs).hasValue(1);
  }

  @Test
  void releases_the_key_when_the_work_throws() throws Exception {
    Callable<byte[]> failing =
        () -> {
          throw new IOException("broker down");
        };
    assertThatThrownBy(() -> engine.execute(KEY, FIRST, REJECT, failing))
        .isInstanceOf(IOException.class)
        .hasMessage("broker down");

    assertThat(engine.execute(KEY, FIRST, REJECT, work("shipped"))).isInstanceOf(Outcome.Ran.class);
  }

  @Test
  void releases_the_key_and_passes_the_interrupt_on_when_the_work_is_interrupted()
      throws Exception {
    Callable<byte[]> interrupted =
        () -> {
          throw new InterruptedException();
        };
    assertThatThrownBy(() -> engine.execute(KEY, FIRST, REJECT, interrupted))
        .isInstanceOf(InterruptedException.class);

    assertThat(engine.execute(KEY, FIRST, REJECT, work("shipped"))).isInstanceOf(Outcome.Ran.class);
  }

  @Test
  void releases_the_key_when_the_work_returns_null() throws Exception {
    assertThatNullPointerException()
        .isThrownBy(() -> engine.execute(KEY, FIRST, REJECT, () -> null));

    assertThat(engine.execute(KEY, FIRST, REJECT, work("shipped"))).isInstanceOf(Outcome.Ran.class);
  }

  @Test
  void reports_an_outcome_that_could_not_be_stored_after_the_lock_was_lost() throws Exception {
    List<DetectedBy> losses = new ArrayList<>();
    Callable<byte[]> slow =
        () -> {
          store.goDown();
          time.advance(LOCK_TTL); // no renewal gets through for a whole lock ttl
          store.comeBack();
          return bytes("shipped");
        };

    Outcome outcome = engine.execute(KEY, FIRST, REJECT, slow, losses::add);

    assertThat(outcome).isEqualTo(new Outcome.Ran(outcome.payload(), Completion.LOCK_LOST));
    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void a_waiting_duplicate_replays_the_first_outcome_once_it_completes() throws Exception {
    Execution first = claimed();
    time.schedule(() -> first.complete(bytes("shipped"), TTL), Duration.ofMillis(300));

    Outcome outcome = engine.execute(KEY, FIRST, WAITING, work("shipped twice"));

    assertThat(outcome).isInstanceOf(Outcome.Replayed.class);
    assertThat(outcome.payload()).isEqualTo(bytes("shipped"));
    assertThat(runs).hasValue(0);
  }

  @Test
  void a_waiting_duplicate_runs_the_work_when_the_first_releases_the_key() throws Exception {
    Execution first = claimed();
    time.schedule(first::release, Duration.ofMillis(300));

    Outcome outcome = engine.execute(KEY, FIRST, WAITING, work("shipped"));

    assertThat(outcome).isInstanceOf(Outcome.Ran.class);
    assertThat(runs).hasValue(1);
  }

  @Test
  void a_waiting_duplicate_gives_up_after_the_wait_timeout() {
    claimed();

    assertRejected(
        () -> engine.execute(KEY, FIRST, WAITING, work("shipped")),
        ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT);
    assertThat(time.elapsed()).isEqualTo(WAIT);
    assertThat(runs).hasValue(0);
  }

  @Test
  void a_waiting_duplicate_looks_again_after_growing_pauses() {
    claimed();
    store.acquireCalls.set(0);

    assertRejected(
        () -> engine.execute(KEY, FIRST, WAITING, work("shipped")),
        ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT);

    // pauses of 20, 40, 80, 160, 320 ms, then the 380 ms left: a first look and six more
    assertThat(store.acquireCalls).hasValue(7);
  }

  @Test
  void a_waiting_duplicate_stops_waiting_when_interrupted() {
    claimed();
    Thread.currentThread().interrupt();

    assertThatThrownBy(() -> engine.execute(KEY, FIRST, WAITING, work("shipped")))
        .isInstanceOf(InterruptedException.class);
    assertThat(runs).hasValue(0);
  }

  @Test
  void a_waiting_duplicate_of_another_call_is_rejected_at_once() {
    claimed();

    assertRejected(
        () -> engine.execute(KEY, OTHER, WAITING, work("other")), ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertThat(time.elapsed()).isZero();
  }

  @Test
  void work_that_committed_without_its_outcome_is_refused_as_outcome_lost_and_never_run_again()
      throws Exception {
    TransactionalMemoryStore marking = new TransactionalMemoryStore(time::nanoTime);
    IdempotencyEngine marked = new IdempotencyEngine(marking, time.clock(), time);
    Execution first = ((Claim.Claimed) marked.claim(KEY, FIRST, LOCK_TTL)).execution();
    first.markCommittedWithWork(TTL);
    marking.commit();
    marking.extendDown = true; // the first attempt's server is gone
    time.advance(LOCK_TTL.multipliedBy(2));

    assertRejected(
        () -> marked.execute(KEY, FIRST, WAITING, work("again")),
        ErrorCode.IDEMPOTENCY_OUTCOME_LOST);
    assertThat(runs).hasValue(0);
  }

  private Execution claimed() {
    Claim claim = engine.claim(KEY, FIRST, LOCK_TTL);
    assertThat(claim).isInstanceOf(Claim.Claimed.class);
    return ((Claim.Claimed) claim).execution();
  }

  private Callable<byte[]> work(String result) {
    return () -> {
      runs.incrementAndGet();
      return bytes(result);
    };
  }

  private static void assertRejected(ThrowingCallable call, ErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOf(IdempotencyException.class)
        .satisfies(e -> assertThat(((IdempotencyException) e).code()).isEqualTo(code));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
