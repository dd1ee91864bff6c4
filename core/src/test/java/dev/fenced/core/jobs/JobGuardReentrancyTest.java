package dev.fenced.core.jobs;

import static dev.fenced.core.jobs.Instance.JOB;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.SkipReason;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A job run on a thread that already runs inside a hold of its key (a {@code withLock} on it, or
 * the job's own run) runs inside that hold: taken once, released once, by the outer holder only;
 * another thread of the same instance is still skipped while the hold lasts.
 */
class JobGuardReentrancyTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final LockOptions DEFAULTS = LockOptions.defaults();

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  private final AtomicInteger ran = new AtomicInteger();

  @Test
  void a_job_fired_under_with_lock_on_its_key_runs_once_under_the_outer_lock() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);
    AtomicReference<Lock> outer = new AtomicReference<>();

    JobOutcome<Lock> inner =
        a.locks.withLock(
            JOB,
            () -> {
              outer.set(a.locks.context().lock().orElseThrow());
              return a.run(
                  () -> {
                    ran.incrementAndGet();
                    return a.locks.context().lock().orElseThrow();
                  });
            },
            DEFAULTS);

    assertThat(inner.hasRun()).isTrue();
    assertThat(((JobOutcome.Ran<Lock>) inner).value()).isSameAs(outer.get());
    assertThat(ran).hasValue(1);
  }

  @Test
  void the_outer_hold_is_still_held_after_the_nested_run_and_released_after_the_outer_work()
      throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);
    Instance b = new Instance("b", store, time, TTL, false, true);

    JobOutcome<Integer> elsewhereDuringTheHold =
        a.locks.withLock(
            JOB,
            () -> {
              a.run(ran::incrementAndGet);
              assertThat(a.locks.context().lock().orElseThrow().isHeld()).isTrue();
              return b.run(ran::incrementAndGet);
            },
            DEFAULTS);

    assertThat(elsewhereDuringTheHold).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
    assertThat(a.locks.heldLocks()).isZero();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(ran).hasValue(2);
  }

  @Test
  void another_thread_of_the_same_instance_is_skipped_while_the_outer_holds() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);

    JobOutcome<Integer> fromAnotherThread =
        a.locks.withLock(
            JOB,
            () ->
                CompletableFuture.supplyAsync(
                        () -> {
                          try {
                            return a.run(ran::incrementAndGet);
                          } catch (Exception e) {
                            throw new IllegalStateException(e);
                          }
                        })
                    .get(10, TimeUnit.SECONDS),
            DEFAULTS);

    assertThat(fromAnotherThread).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
    assertThat(ran).hasValue(0);
  }

  @Test
  void a_job_that_fires_itself_inside_its_run_runs_inside_its_own_lease_and_run_lock()
      throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, true);

    JobOutcome<Long[]> outcome =
        a.run(
            () -> {
              long outerToken = a.locks.context().fencingToken().orElseThrow();
              JobOutcome<Long> nested = a.run(a.token());
              return new Long[] {outerToken, ((JobOutcome.Ran<Long>) nested).value()};
            });

    Long[] tokens = ((JobOutcome.Ran<Long[]>) outcome).value();
    assertThat(tokens[1]).isEqualTo(tokens[0]);
    assertThat(a.ownsTheJob()).isTrue();
    assertThat(a.locks.heldLocks()).as("the lease only: the run lock was released").isEqualTo(1);
  }

  @Test
  void a_nested_run_inside_a_transaction_leaves_the_release_to_the_outer_run() throws Exception {
    FakeTransaction transaction = new FakeTransaction();
    Instance a = new Instance("a", store, time, TTL, false, true, transaction);
    Instance b = new Instance("b", store, time, TTL, false, true);
    transaction.begin();

    a.run(() -> a.run(ran::incrementAndGet));

    assertThat(transaction.waiting()).as("releases waiting for the transaction").isEqualTo(1);
    assertThat(b.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
    transaction.end();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(ran).hasValue(2);
  }

  @Test
  void the_next_firing_after_the_outer_hold_ended_takes_the_key_anew() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);
    long outerToken =
        a.locks.withLock(JOB, () -> ((JobOutcome.Ran<Long>) a.run(a.token())).value(), DEFAULTS);

    JobOutcome<Long> next = a.run();

    assertThat(((JobOutcome.Ran<Long>) next).value()).isGreaterThan(outerToken);
  }
}
