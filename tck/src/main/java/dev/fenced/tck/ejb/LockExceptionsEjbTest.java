package dev.fenced.tck.ejb;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.admin.FencedAdmin;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.ejb.locks.CallingWork;
import dev.fenced.tck.ejb.locks.GuardedWork;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.util.List;
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
 * {@code LockNotAcquiredException} and {@code LockLostException} thrown out of an EJB's business
 * method are application exceptions: its caller, a client without a transaction or another EJB
 * whose container-managed transaction the method joined, catches the Fenced exception itself, not
 * an {@code EJBException}. A lock that was not acquired leaves the caller's transaction to commit
 * (the work never ran); a lock lost while the work ran marks it rollback-only, so nothing done
 * under the lost lock commits. The lock is taken away with {@code FencedAdmin.forceReleaseLock};
 * {@code fenced.locks.ttl} is 900 ms, so the refused renewal comes within 300 ms.
 */
@ExtendWith(ArquillianExtension.class)
public class LockExceptionsEjbTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("ejb-lock-exceptions")
        .classes(GuardedWork.class, CallingWork.class, CallingWork.Seen.class, Ledger.class)
        .config("fenced.locks.ttl", "900ms")
        .build();
  }

  @Inject GuardedWork guarded;
  @Inject CallingWork caller;
  @Inject Locks locks;
  @Inject FencedAdmin admin;
  @Inject Ledger ledger;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "tck:ejb-locks:" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  /** Runs {@code call} while another owner holds the lock on the key. */
  private <T> T whileHeldElsewhere(Callable<T> call) throws Exception {
    try (Lock held = locks.tryAcquire(key).orElseThrow()) {
      return call.call();
    }
  }

  /** Starts {@code call}, waits until its work runs under the lock, then takes the lock away. */
  private <T> T losingTheLock(Callable<T> call) throws Exception {
    CompletableFuture<T> running = background.start(call);
    assertTrue(gates.awaitEntered(key, Polling.WAIT), "the work started under the lock");
    assertTrue(admin.forceReleaseLock(key).isPresent(), "the lock was held");
    return Polling.result(running);
  }

  private Exception thrownByGuarded() {
    try {
      guarded.runUnder(key);
      return null;
    } catch (Exception e) {
      return e;
    }
  }

  @Test
  void a_lock_not_acquired_reaches_the_ejbs_caller_unwrapped() throws Exception {
    Exception caught = whileHeldElsewhere(this::thrownByGuarded);

    LockNotAcquiredException notAcquired = assertInstanceOf(LockNotAcquiredException.class, caught);
    assertEquals(key, notAcquired.key());
  }

  @Test
  void a_lock_not_acquired_leaves_the_calling_ejbs_transaction_to_commit() throws Exception {
    CallingWork.Seen seen = whileHeldElsewhere(() -> caller.callGuarded(key));

    assertAll(
        () -> assertInstanceOf(LockNotAcquiredException.class, seen.caught()),
        () -> assertFalse(seen.rollbackOnly(), "the caller's transaction was marked rollback-only"),
        () -> assertEquals(List.of(key + "#caller"), ledger.committed(key), "committed"));
  }

  @Test
  void a_lock_lost_reaches_the_ejbs_caller_unwrapped() throws Exception {
    Exception caught = losingTheLock(this::thrownByGuarded);

    LockLostException lost = assertInstanceOf(LockLostException.class, caught);
    assertAll(
        () -> assertEquals(key, lost.key()),
        () -> assertEquals(List.of(), ledger.committed(key), "committed under the lost lock"));
  }

  @Test
  void a_lock_lost_rolls_the_calling_ejbs_transaction_back() throws Exception {
    CallingWork.Seen seen = losingTheLock(() -> caller.callGuarded(key));

    assertAll(
        () -> assertInstanceOf(LockLostException.class, seen.caught()),
        () -> assertTrue(seen.rollbackOnly(), "the caller's transaction is rollback-only"),
        () -> assertEquals(List.of(), ledger.committed(key), "committed"));
  }
}
