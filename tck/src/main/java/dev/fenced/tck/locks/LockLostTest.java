package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.LossLog;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.TckLockStore;
import dev.fenced.tck.locks.common.Victim;
import dev.fenced.tck.locks.lost.SyncJob;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A lock lost while its work runs: the test removes it from the store behind the holder's back (the
 * next renewal is refused: {@code RENEWAL}) or makes its renewals fail until its ttl passes ({@code
 * DEADLINE}). Either way a {@code LockLost} event names the lock, owner, token and how the loss was
 * detected, the lock's {@code onLost} listener hears the same, the lock is no longer held, and the
 * thread running the work, blocked interruptibly, is interrupted. The deployment's store is {@link
 * TckLockStore} and {@code fenced.locks.ttl} is 900 ms, so renewals come every 300 ms.
 */
@ExtendWith(ArquillianExtension.class)
public class LockLostTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("lock-lost")
        .classes(LossLog.class, Victim.class, SyncJob.class)
        .config("fenced.locks.ttl", "900ms")
        .build();
  }

  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject TckLockStore store;
  @Inject LossLog log;
  @Inject Gates gates;
  @Inject Background background;
  @Inject SyncJob job;

  private final String gate = "lost-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(gate);
  }

  private CompletableFuture<String> withLock(String key, Victim victim) {
    return background.start(
        () ->
            locks.withLock(
                key,
                () -> victim.work(context.lock().orElseThrow(), gates, gate),
                LockOptions.defaults()));
  }

  /** Waits until the work is interrupted and has ended; returns what it ended with. */
  private static Throwable awaitEnd(CompletableFuture<String> work) throws InterruptedException {
    Polling.await("the work ended", work::isDone);
    try {
      return new AssertionError("the work returned " + work.join());
    } catch (RuntimeException e) {
      return e.getCause() == null ? e : e.getCause();
    }
  }

  private void assertLost(String key, Victim victim, DetectedBy detectedBy)
      throws InterruptedException {
    Polling.await("a LockLost event for " + key, () -> !log.of(key).isEmpty());
    Polling.await("the onLost listener ran", () -> victim.heard() != null);
    List<LockLost> events = log.of(key);
    LockLost event = events.get(0);
    Lock lock = victim.lock();
    assertAll(
        () -> assertEquals(1, events.size(), "events: " + events),
        () -> assertEquals(key, event.key(), "key"),
        () -> assertEquals(lock.owner(), event.owner(), "owner"),
        () -> assertEquals(lock.fencingToken(), event.fencingToken(), "token"),
        () -> assertEquals(detectedBy, event.detectedBy(), "detected by"),
        () -> assertEquals(event, victim.heard(), "what the onLost listener heard"),
        () -> assertFalse(lock.isHeld(), "a lost lock is not held"),
        () -> assertTrue(victim.interrupted(), "the work's thread was interrupted"));
  }

  private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void a_lock_removed_from_the_store_is_lost_by_renewal_and_its_work_interrupted()
      throws Exception {
    String key = "tck:lost:" + UUID.randomUUID();
    Victim victim = new Victim();
    CompletableFuture<String> work = withLock(key, victim);
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the work started");
    assertTrue(store.forget(key), "the store held the lock");

    Throwable ended = awaitEnd(work);
    assertLost(key, victim, DetectedBy.RENEWAL);
    assertTrue(
        ended instanceof LockLostException lost && lost.detectedBy() == DetectedBy.RENEWAL,
        "withLock threw " + ended);
  }

  @Test
  void a_lock_whose_renewals_fail_is_lost_at_its_deadline_and_its_work_interrupted()
      throws Exception {
    String key = "tck:deadline:" + UUID.randomUUID();
    Victim victim = new Victim();
    store.failRenewals(key);
    CompletableFuture<String> work = withLock(key, victim);
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the work started");

    Throwable ended = awaitEnd(work);
    assertLost(key, victim, DetectedBy.DEADLINE);
    assertTrue(
        ended instanceof LockLostException lost && lost.detectedBy() == DetectedBy.DEADLINE,
        "withLock threw " + ended);
  }

  @Test
  void a_job_whose_run_lock_is_removed_is_interrupted() throws Exception {
    Victim victim = new Victim();
    CompletableFuture<String> work = background.start(() -> jobSync(victim));
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the job started");
    assertNotNull(victim.lock(), "the job saw its run lock");
    assertTrue(store.forget(SyncJob.KEY), "the store held the run lock");

    Throwable ended = awaitEnd(work);
    assertLost(SyncJob.KEY, victim, DetectedBy.RENEWAL);
    assertTrue(
        causedBy(ended, LockLostException.class) || causedBy(ended, InterruptedException.class),
        "the job's caller got " + ended);
  }

  private String jobSync(Victim victim) throws InterruptedException {
    return job.sync(victim, gate);
  }
}
