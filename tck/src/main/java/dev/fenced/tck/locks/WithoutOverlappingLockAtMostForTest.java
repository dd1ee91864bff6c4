package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.LossLog;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Victim;
import dev.fenced.tck.locks.lockatmostfor.HungJobs;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @WithoutOverlapping(lockAtMostFor)}: a run that hangs keeps its run lock renewed for the
 * maximum hold only; then the lock is lost at its deadline (a {@code LockLost} event detected by
 * {@code DEADLINE}), the run is interrupted and ends with a {@code LockLostException}, and the key
 * can be taken again, in the application's real store. MicroProfile Config sets the maximum hold
 * per method too.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingLockAtMostForTest {

  private static final Duration MAXIMUM_HOLD = Duration.ofSeconds(2);

  /** This JVM's timer and the renewal's may fire slightly apart. */
  private static final Duration CLOCK_TOLERANCE = Duration.ofMillis(300);

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-lock-at-most-for")
        .classes(HungJobs.class, LossLog.class, Victim.class)
        .config(HungJobs.CONFIG_KEY, HungJobs.MAXIMUM_HOLD)
        .build();
  }

  @Inject HungJobs jobs;
  @Inject LossLog log;
  @Inject Locks locks;
  @Inject Gates gates;
  @Inject Background background;

  private final String gate = "hung-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(gate);
  }

  @Test
  void a_hung_run_loses_its_run_lock_after_the_maximum_hold_and_is_interrupted() throws Exception {
    Victim victim = new Victim();
    assertLostAfterMaximumHold(HungJobs.KEY, victim, () -> jobs.hang(victim, gate));
  }

  @Test
  void config_sets_the_maximum_hold_of_one_method() throws Exception {
    Victim victim = new Victim();
    assertLostAfterMaximumHold(
        HungJobs.CONFIGURED_KEY, victim, () -> jobs.hangConfigured(victim, gate));
  }

  private void assertLostAfterMaximumHold(String key, Victim victim, Callable<String> run)
      throws Exception {
    long started = System.nanoTime();
    CompletableFuture<String> running = background.start(run);
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the run reached its gate");

    Polling.await("a LockLost event for " + key, () -> !log.of(key).isEmpty());
    Duration lostAfter = Duration.ofNanos(System.nanoTime() - started);
    Polling.await("the run ended", running::isDone);
    Throwable ended = endOf(running);
    Polling.await("another holder can take " + key, () -> isFree(key));
    List<LockLost> events = log.of(key);
    Lock lock = victim.lock();

    assertAll(
        () -> assertEquals(1, events.size(), "events: " + events),
        () -> assertEquals(DetectedBy.DEADLINE, events.get(0).detectedBy(), "detected by"),
        () -> assertEquals(lock.fencingToken(), events.get(0).fencingToken(), "token"),
        () -> assertFalse(lock.isHeld(), "a lost lock is not held"),
        () -> assertTrue(victim.interrupted(), "the run's thread was interrupted"),
        () -> assertTrue(ended instanceof LockLostException, "the run ended with " + ended),
        () ->
            assertTrue(
                lostAfter.compareTo(MAXIMUM_HOLD.minus(CLOCK_TOLERANCE)) >= 0,
                "lost after " + lostAfter));
  }

  private boolean isFree(String key) {
    Optional<Lock> lock = locks.tryAcquire(key);
    lock.ifPresent(Lock::close);
    return lock.isPresent();
  }

  private static Throwable endOf(CompletableFuture<String> run) {
    try {
      return new AssertionError("the run returned " + run.join());
    } catch (RuntimeException e) {
      Throwable cause = e;
      while (cause.getCause() != null && !(cause instanceof LockLostException)) {
        cause = cause.getCause();
      }
      return cause;
    }
  }
}
