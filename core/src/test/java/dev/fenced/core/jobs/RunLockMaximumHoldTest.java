package dev.fenced.core.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.core.locks.LockManager;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.LockOptions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@code @WithoutOverlapping(lockAtMostFor)}: the run lock is renewed for at most that long after
 * it was taken, then lost at its deadline, instead of the manager's global cap.
 */
class RunLockMaximumHoldTest {

  private static final Duration TTL = Duration.ofSeconds(30);
  private static final Duration MAXIMUM = Duration.ofSeconds(60);
  private static final Duration MILLI = Duration.ofMillis(1);
  // renewals at 10 s ... 50 s; the one due at 60 s is the cap: lost at 50 s + 27 s
  private static final Duration LOSS_AT = Duration.ofSeconds(50).plus(TTL).minus(TTL.dividedBy(10));

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  private final List<LockLost> losses = new CopyOnWriteArrayList<>();
  private final LockManager manager =
      new LockManager(
          store, time, LockSettings.defaults().withDefaultTtl(TTL).withLossListener(losses::add));

  private RunLock guard(Optional<Duration> lockAtMostFor) {
    return new RunLock(
        manager,
        new RunningJobs(),
        "com.example.Export.run",
        "export",
        TTL,
        UnitOfWork.NONE,
        Duration.ZERO,
        lockAtMostFor);
  }

  @Test
  void a_run_longer_than_the_maximum_hold_loses_its_lock_and_is_interrupted() throws Exception {
    AtomicReference<Lock> lock = new AtomicReference<>();
    AtomicBoolean heldJustBefore = new AtomicBoolean();

    JobOutcome<Boolean> outcome =
        guard(Optional.of(MAXIMUM))
            .run(
                () -> {
                  lock.set(manager.context().lock().orElseThrow());
                  time.advance(LOSS_AT.minus(MILLI));
                  heldJustBefore.set(lock.get().isHeld());
                  time.advance(MILLI);
                  return Thread.currentThread().isInterrupted();
                });

    assertThat(heldJustBefore).isTrue();
    assertThat(lock.get().isHeld()).isFalse();
    assertThat(outcome).isEqualTo(JobOutcome.ran(true));
    assertThat(losses)
        .singleElement()
        .satisfies(loss -> assertThat(loss.detectedBy()).isEqualTo(DetectedBy.DEADLINE));
  }

  @Test
  void another_instance_takes_the_key_once_the_store_expires_it() throws Exception {
    guard(Optional.of(MAXIMUM))
        .run(
            () -> {
              time.advance(Duration.ofSeconds(80).plus(MILLI));
              return null;
            });
    LockManager other = new LockManager(store, time, LockSettings.defaults());

    assertThat(other.tryAcquire("export", LockOptions.defaults())).isPresent();
  }

  @Test
  void without_a_maximum_hold_the_global_cap_applies() throws Exception {
    AtomicBoolean held = new AtomicBoolean();

    guard(Optional.empty())
        .run(
            () -> {
              time.advance(Duration.ofMinutes(10));
              held.set(manager.context().lock().orElseThrow().isHeld());
              return null;
            });

    assertThat(held).isTrue();
    assertThat(losses).isEmpty();
  }

  @Test
  void a_maximum_hold_that_is_not_positive_is_refused() {
    assertThatThrownBy(() -> guard(Optional.of(Duration.ZERO)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lockAtMostFor");
  }
}
