package dev.fenced.core.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.SkipReason;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code @WithoutOverlapping(lockAtLeastFor)}: two instances whose timers go off a little apart, on
 * one in-memory store and manual time.
 */
class RunLockMinimumHoldTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final Duration HOLD = Duration.ofSeconds(3);
  private static final Duration MILLI = Duration.ofMillis(1);
  private static final JobOutcome<Integer> HELD = JobOutcome.skipped(SkipReason.RUN_LOCK_HELD);

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  private final Instance a = instance("a", HOLD);
  private final Instance b = instance("b", HOLD);
  private final AtomicInteger ran = new AtomicInteger();

  @Test
  void a_run_shorter_than_the_minimum_hold_keeps_the_lock_until_it_has_passed() throws Exception {
    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();

    time.advance(HOLD.minus(MILLI));
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(HELD);
    time.advance(MILLI);
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void the_minimum_hold_counts_from_the_acquire_not_from_the_end_of_the_run() throws Exception {
    a.run(() -> advance(Duration.ofSeconds(2)));

    time.advance(Duration.ofMillis(999));
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(HELD);
    time.advance(MILLI);
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void a_run_longer_than_the_minimum_hold_releases_the_lock_when_it_ends() throws Exception {
    a.run(() -> advance(HOLD.plusSeconds(1)));

    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void a_run_that_throws_keeps_the_lock_for_the_minimum_hold_too() throws Exception {
    assertThatThrownBy(
            () ->
                a.run(
                    () -> {
                      throw new IllegalStateException("boom");
                    }))
        .hasMessage("boom");

    time.advance(HOLD.minus(MILLI));
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(HELD);
    time.advance(MILLI);
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void the_same_instance_firing_again_within_the_minimum_hold_is_skipped() throws Exception {
    a.run(ran::incrementAndGet);

    assertThat(a.run(ran::incrementAndGet)).isEqualTo(HELD);
    assertThat(ran).hasValue(1);
  }

  @Test
  void a_minimum_hold_longer_than_the_ttl_keeps_the_lock_past_the_ttl() throws Exception {
    Duration longHold = TTL.multipliedBy(2);
    Instance c = instance("c", longHold);
    c.run(ran::incrementAndGet);

    time.advance(longHold.minus(MILLI));
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(HELD);
    time.advance(MILLI);
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void a_lost_lock_is_not_extended_for_the_minimum_hold() throws Exception {
    Duration longHold = TTL.multipliedBy(2);
    Instance c = instance("c", longHold);
    c.run(
        () -> {
          c.link.down(true);
          time.advance(TTL.minusSeconds(2)); // past the loss deadline, before the store's expiry
          c.link.down(false);
          return 0;
        });
    assertThat(c.losses).hasSize(1);

    time.advance(Duration.ofSeconds(2));
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void the_lock_kept_for_the_minimum_hold_is_no_longer_held_by_its_manager() throws Exception {
    a.run(ran::incrementAndGet);

    assertThat(a.locks.heldLocks()).isZero();
    assertThat(a.locks.context().lock()).isEmpty();
  }

  @Test
  void without_a_minimum_hold_the_lock_is_released_when_the_run_ends() throws Exception {
    Instance c = instance("c", Duration.ZERO);
    c.run(ran::incrementAndGet);

    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void a_run_inside_a_transaction_that_ends_before_the_minimum_hold_keeps_the_lock_until_then()
      throws Exception {
    FakeTransaction transaction = new FakeTransaction();
    Instance c = new Instance("c", store, time, TTL, false, true, transaction, HOLD);
    transaction.begin();
    c.run(ran::incrementAndGet);
    time.advance(Duration.ofSeconds(1));
    transaction.end();

    time.advance(Duration.ofMillis(1999));
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(HELD);
    time.advance(MILLI);
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  private int advance(Duration duration) {
    time.advance(duration);
    return ran.incrementAndGet();
  }

  private Instance instance(String name, Duration lockAtLeastFor) {
    return new Instance(name, store, time, TTL, false, true, UnitOfWork.NONE, lockAtLeastFor);
  }
}
