package dev.fenced.core.jobs;

import static dev.fenced.core.jobs.Instance.JOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.SkipReason;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JobGuardTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final Duration THIRD = Duration.ofSeconds(10);

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  private final AtomicInteger ran = new AtomicInteger();

  @Test
  void a_run_sees_its_run_lock_in_the_locks_context() throws Exception {
    Instance instance = new Instance("a", store, time, TTL, true, true);

    JobOutcome<Lock> outcome = instance.run(() -> instance.locks.context().lock().orElseThrow());

    Lock seen = ((JobOutcome.Ran<Lock>) outcome).value();
    assertThat(seen.key()).isEqualTo(JOB);
    assertThat(instance.locks.context().lock()).isEmpty();
  }

  @Test
  void a_one_instance_run_without_a_run_lock_sees_the_lease() throws Exception {
    Instance instance = new Instance("a", store, time, TTL, true, false);

    JobOutcome<Lock> outcome = instance.run(() -> instance.locks.context().lock().orElseThrow());

    assertThat(((JobOutcome.Ran<Lock>) outcome).value().key()).isEqualTo(JOB + ":owner");
  }

  @Test
  void a_run_that_finds_the_run_lock_held_is_skipped() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);
    Instance b = new Instance("b", store, time, TTL, false, true);

    JobOutcome<JobOutcome<Integer>> outer = a.run(() -> b.run(ran::incrementAndGet));

    assertThat(((JobOutcome.Ran<JobOutcome<Integer>>) outer).value())
        .isEqualTo(JobOutcome.skipped(SkipReason.RUN_LOCK_HELD));
    assertThat(ran).hasValue(0);
  }

  @Test
  void without_overlapping_alone_lets_any_instance_run_one_at_a_time() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);
    Instance b = new Instance("b", store, time, TTL, false, true);

    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(ran).hasValue(2);
  }

  @Test
  void a_run_on_an_instance_that_does_not_own_the_job_is_skipped() throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, false);
    Instance b = new Instance("b", store, time, TTL, true, false);
    a.run(ran::incrementAndGet);

    JobOutcome<Integer> outcome = b.run(ran::incrementAndGet);

    assertThat(outcome).isEqualTo(JobOutcome.skipped(SkipReason.NOT_OWNER));
    assertThat(ran).hasValue(1);
  }

  @Test
  void an_unreachable_store_skips_the_run_instead_of_running_unguarded() throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, true);
    a.link.down(true);

    JobOutcome<Integer> outcome = a.run(ran::incrementAndGet);

    assertThat(outcome).isEqualTo(JobOutcome.skipped(SkipReason.STORE_UNAVAILABLE));
    assertThat(ran).hasValue(0);
  }

  @Test
  void an_owner_that_cannot_reach_the_store_for_its_run_lock_is_skipped() throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, true);
    a.run(ran::incrementAndGet);
    a.link.down(true);

    assertThat(a.run(ran::incrementAndGet))
        .isEqualTo(JobOutcome.skipped(SkipReason.STORE_UNAVAILABLE));
    assertThat(ran).hasValue(1);
  }

  @Test
  void the_run_lock_is_released_when_the_job_throws() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);

    assertThatThrownBy(
            () ->
                a.run(
                    () -> {
                      throw new IllegalStateException("boom");
                    }))
        .hasMessage("boom");

    assertThat(a.run(ran::incrementAndGet).hasRun()).isTrue();
  }

  @Test
  void losing_the_run_lock_interrupts_the_running_job() throws Exception {
    Instance a = new Instance("a", store, time, TTL, false, true);

    JobOutcome<Boolean> outcome =
        a.run(
            () -> {
              Lock lock = a.locks.context().lock().orElseThrow();
              store.release(lock.key(), lock.owner()); // behind the holder's back
              time.advance(THIRD); // the renewal is refused
              return Thread.currentThread().isInterrupted();
            });

    assertThat(((JobOutcome.Ran<Boolean>) outcome).value()).isTrue();
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(a.losses)
        .singleElement()
        .satisfies(loss -> assertThat(loss.detectedBy()).isEqualTo(DetectedBy.RENEWAL));
  }

  @Test
  void a_job_interrupted_by_the_loss_of_its_lease_ends_with_lock_lost() {
    Instance a = new Instance("a", store, time, TTL, true, false);

    assertThatThrownBy(
            () ->
                a.run(
                    () -> {
                      Lock lease = a.locks.context().lock().orElseThrow();
                      store.release(lease.key(), lease.owner());
                      time.advance(THIRD);
                      throw new InterruptedException();
                    }))
        .isInstanceOf(LockLostException.class);
  }

  @Test
  void a_closed_application_admits_no_new_run() throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, true);
    a.running.close();

    assertThat(a.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.SHUTTING_DOWN));
    assertThat(ran).hasValue(0);
  }

  @Test
  void releasing_the_guard_hands_the_job_to_the_next_instance_at_once() throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, true);
    Instance b = new Instance("b", store, time, TTL, true, true);
    a.run(ran::incrementAndGet);

    a.guard.release();

    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(a.losses).isEmpty();
  }

  @Test
  void a_shut_down_manager_releases_what_it_held_and_its_jobs_are_skipped() throws Exception {
    Instance a = new Instance("a", store, time, TTL, true, true);
    Instance b = new Instance("b", store, time, TTL, true, true);
    a.run(ran::incrementAndGet);

    assertThat(a.locks.shutdown()).isEqualTo(1);

    assertThat(a.run(ran::incrementAndGet)).isEqualTo(JobOutcome.skipped(SkipReason.SHUTTING_DOWN));
    assertThat(b.run(ran::incrementAndGet).hasRun()).isTrue();
    assertThat(a.losses).isEmpty();
  }
}
