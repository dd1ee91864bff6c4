package dev.fenced.core.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.SkipReason;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RunLockTransactionTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final Duration THIRD = Duration.ofSeconds(10);

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  private final FakeTransaction transaction = new FakeTransaction();
  private final Instance a = new Instance("a", store, time, TTL, false, true, transaction);
  private final Instance b = new Instance("b", store, time, TTL, false, true);
  private final AtomicInteger ran = new AtomicInteger();

  @Test
  void a_run_inside_a_transaction_keeps_its_run_lock_until_the_transaction_ends() throws Exception {
    transaction.begin();
    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();

    assertThat(b.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
    transaction.end();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(ran).hasValue(2);
  }

  @Test
  void a_job_fired_twice_in_one_transaction_runs_twice_under_the_first_runs_lock()
      throws Exception {
    transaction.begin();
    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(a.run(ran::incrementAndGet).hasRun()).as("the second run").isTrue();

    assertThat(ran).hasValue(2);
    assertThat(a.locks.heldLocks()).as("one lock, taken once").isEqualTo(1);
    assertThat(transaction.waiting()).as("one release at the end").isEqualTo(1);
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
  }

  @Test
  void the_run_lock_is_no_longer_the_current_lock_once_the_run_returned() throws Exception {
    transaction.begin();
    a.run(ran::incrementAndGet);

    assertThat(a.locks.context().lock()).isEmpty();
    assertThat(a.locks.heldLocks()).isEqualTo(1);
  }

  @Test
  void the_run_lock_is_renewed_while_the_transaction_is_still_open() throws Exception {
    transaction.begin();
    a.run(ran::incrementAndGet);

    for (int i = 0; i < 6; i++) {
      time.advance(THIRD); // two ttls: only renewal keeps it
    }

    assertThat(a.losses).isEmpty();
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
  }

  @Test
  void a_run_that_throws_inside_a_transaction_keeps_its_run_lock_until_the_transaction_ends()
      throws Exception {
    transaction.begin();
    assertThatThrownBy(
            () ->
                a.run(
                    () -> {
                      throw new IllegalStateException("boom");
                    }))
        .hasMessage("boom");

    assertThat(transaction.waiting()).isEqualTo(1);
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
    transaction.end();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void a_transaction_that_cannot_be_waited_for_releases_the_run_lock_at_once() throws Exception {
    transaction.begin();
    transaction.refuseWaits(new IllegalStateException("marked for rollback"));

    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();

    assertThat(a.locks.heldLocks()).isZero();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void without_a_transaction_the_run_lock_is_released_when_the_run_returns() throws Exception {
    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();

    assertThat(a.locks.heldLocks()).isZero();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
  }
}
