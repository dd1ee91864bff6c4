package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.store.spi.StoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * How a duplicate waits for the attempt that holds its key ({@link DuplicateWaits}): woken by the
 * store where it signals, the poll as the bound. Time is manual: the first attempt ends 3 s after
 * the duplicate's first look, and the pauses of 20 ms doubling up to 30 s would next look at 5.1 s.
 */
class DuplicateWaitsTest {

  private static final Duration LOCK_TTL = Duration.ofSeconds(10);
  private static final Duration TTL = Duration.ofHours(1);
  private static final Duration ENDS_AFTER = Duration.ofSeconds(3);
  private static final Duration MAX_POLL = Duration.ofSeconds(30);
  private static final Duration NEXT_POLL_AFTER_THE_END = Duration.ofMillis(5_100);
  private static final RecordKey KEY = RecordKey.method("evt-1", "com.example.Shipping", "onPaid");
  private static final Fingerprint FIRST =
      new FingerprintCalculator().ofCall("onPaid", "{}".getBytes(StandardCharsets.UTF_8));
  private static final ExecutionOptions WAITING =
      ExecutionOptions.waiting(TTL, LOCK_TTL, Duration.ofMinutes(1));

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);

  @Test
  void a_duplicate_is_answered_as_soon_as_the_store_signals_the_end_of_the_claim()
      throws Exception {
    IdempotencyEngine engine = engine(Optional.of(store));
    completeAfter(engine, ENDS_AFTER);

    assertThat(engine.claim(KEY, FIRST, WAITING)).isInstanceOf(Claim.Replay.class);
    assertThat(time.elapsed()).isEqualTo(ENDS_AFTER);
  }

  @Test
  void a_duplicate_on_a_store_without_signals_finds_the_end_at_its_next_poll() throws Exception {
    IdempotencyEngine engine = engine(Optional.empty());
    completeAfter(engine, ENDS_AFTER);

    assertThat(engine.claim(KEY, FIRST, WAITING)).isInstanceOf(Claim.Replay.class);
    assertThat(time.elapsed()).isEqualTo(NEXT_POLL_AFTER_THE_END);
  }

  @Test
  void a_lost_signal_costs_at_most_one_pause() throws Exception {
    ClaimEndSignals silent = (key, wakeUp) -> () -> {};
    IdempotencyEngine engine = engine(Optional.of(silent));
    completeAfter(engine, ENDS_AFTER);

    assertThat(engine.claim(KEY, FIRST, WAITING)).isInstanceOf(Claim.Replay.class);
    assertThat(time.elapsed()).isEqualTo(NEXT_POLL_AFTER_THE_END);
  }

  @Test
  void a_watch_the_store_cannot_set_up_leaves_the_duplicate_polling() throws Exception {
    ClaimEndSignals down =
        (key, wakeUp) -> {
          throw new StoreUnavailableException("the listening connection is down");
        };
    IdempotencyEngine engine = engine(Optional.of(down));
    completeAfter(engine, ENDS_AFTER);

    assertThat(engine.claim(KEY, FIRST, WAITING)).isInstanceOf(Claim.Replay.class);
    assertThat(time.elapsed()).isEqualTo(NEXT_POLL_AFTER_THE_END);
  }

  @Test
  void a_claim_that_ended_before_the_watch_was_set_up_is_found_at_once() throws Exception {
    IdempotencyEngine engine = engine(Optional.of(endingAsTheWatchOpens(engine(Optional.empty()))));

    assertThat(engine.claim(KEY, FIRST, WAITING)).isInstanceOf(Claim.Replay.class);
    assertThat(time.elapsed()).isZero();
  }

  @Test
  void the_watch_is_closed_when_the_wait_ends() throws Exception {
    AtomicInteger open = new AtomicInteger();
    ClaimEndSignals counted =
        (key, wakeUp) -> {
          ClaimWatch watch = store.watch(key, wakeUp);
          open.incrementAndGet();
          return () -> {
            watch.close();
            open.decrementAndGet();
          };
        };
    IdempotencyEngine engine = engine(Optional.of(counted));
    completeAfter(engine, ENDS_AFTER);

    engine.claim(KEY, FIRST, WAITING);

    assertThat(open).hasValue(0);
  }

  @Test
  void a_wait_timeout_still_ends_a_wait_that_is_never_woken() {
    IdempotencyEngine engine = engine(Optional.of(store));
    claimFirst(engine);

    assertThatThrownBy(
            () ->
                engine.claim(
                    KEY, FIRST, ExecutionOptions.waiting(TTL, LOCK_TTL, Duration.ofSeconds(2))))
        .isInstanceOf(dev.fenced.idempotency.IdempotencyException.class);
    assertThat(time.elapsed()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void a_longest_pause_below_the_first_is_refused() {
    assertThatThrownBy(() -> new DuplicateWaits(time, Optional.empty(), Duration.ofMillis(19)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("20 ms");
  }

  private IdempotencyEngine engine(Optional<ClaimEndSignals> signals) {
    return new IdempotencyEngine(
        store,
        time.clock(),
        time,
        IdempotencyEngine.DEFAULT_RETRY_AFTER,
        dev.fenced.core.encryption.PlainRecords.INSTANCE,
        IdempotencyEngine.DEFAULT_MAX_RENEWAL,
        new DuplicateWaits(time, signals, MAX_POLL));
  }

  private Execution claimFirst(IdempotencyEngine engine) {
    return ((Claim.Claimed) engine.claim(KEY, FIRST, LOCK_TTL)).execution();
  }

  private void completeAfter(IdempotencyEngine engine, Duration after) {
    Execution first = claimFirst(engine);
    time.schedule(() -> first.complete(new byte[] {1}, TTL), after);
  }

  /** Signals that complete the first attempt while the watch is set up, before it can hear. */
  private ClaimEndSignals endingAsTheWatchOpens(IdempotencyEngine first) {
    Execution execution = claimFirst(first);
    return (key, wakeUp) -> {
      execution.complete(new byte[] {1}, TTL);
      return () -> {};
    };
  }
}
