package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.DetectedBy;
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
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * With {@code fenced.locks.interrupt-on-loss=false} a lost lock is still reported (the {@code
 * LockLost} event, the {@code onLost} listener, {@code isHeld() == false}) but the thread running
 * the work is left alone. Same store and ttl as {@code LockLostTest}.
 */
@ExtendWith(ArquillianExtension.class)
public class LockLostNoInterruptTest {

  /** How long the work keeps running, uninterrupted, after the loss was reported. */
  private static final long STILL_RUNNING_MILLIS = 600;

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("lock-lost-no-interrupt")
        .classes(LossLog.class, Victim.class)
        .config("fenced.locks.ttl", "900ms")
        .config("fenced.locks.interrupt-on-loss", "false")
        .build();
  }

  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject TckLockStore store;
  @Inject LossLog log;
  @Inject Gates gates;
  @Inject Background background;

  private final String gate = "kept-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(gate);
  }

  @Test
  void a_lost_lock_is_reported_but_its_work_is_not_interrupted() throws Exception {
    String key = "tck:no-interrupt:" + UUID.randomUUID();
    Victim victim = new Victim();
    CompletableFuture<String> work =
        background.start(
            () ->
                locks.withLock(
                    key,
                    () -> victim.work(context.lock().orElseThrow(), gates, gate),
                    LockOptions.defaults()));
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the work started");
    assertTrue(store.forget(key), "the store held the lock");

    Polling.await("a LockLost event", () -> !log.of(key).isEmpty());
    Polling.await("the onLost listener ran", () -> victim.heard() != null);
    Thread.sleep(STILL_RUNNING_MILLIS);
    boolean stillRunning = !work.isDone();
    gates.open(gate);
    Polling.await("the work ended", work::isDone);

    assertAll(
        () -> assertEquals(DetectedBy.RENEWAL, log.of(key).get(0).detectedBy(), "detected by"),
        () -> assertFalse(victim.lock().isHeld(), "a lost lock is not held"),
        () -> assertTrue(stillRunning, "the work ended before the gate opened"),
        () -> assertFalse(victim.interrupted(), "the work's thread was interrupted"));
  }
}
