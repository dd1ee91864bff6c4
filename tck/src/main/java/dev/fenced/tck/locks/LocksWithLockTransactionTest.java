package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.withlockcommit.Transfers;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Locks.withLock} inside a {@code @Transactional} method keeps the lock until the
 * transaction has committed: once the work returned, {@code LocksContext} is empty again, but while
 * the transaction is still open another holder cannot take the key; after the commit it can.
 */
@ExtendWith(ArquillianExtension.class)
public class LocksWithLockTransactionTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("locks-with-lock-transaction").classes(Transfers.class).build();
  }

  @Inject Transfers transfers;
  @Inject Gates gates;
  @Inject Background background;
  @Inject Locks locks;

  private final String key = "tck:with-lock-transaction:" + UUID.randomUUID();
  private final String gate = "transfer-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(gate);
  }

  private boolean free() {
    Optional<Lock> lock = locks.tryAcquire(key);
    lock.ifPresent(Lock::close);
    return lock.isPresent();
  }

  @Test
  void the_lock_is_held_until_the_transaction_committed_and_locks_context_is_cleared_at_once()
      throws Exception {
    CompletableFuture<Transfers.Seen> moving =
        background.start(() -> transfers.moveAndHold(key, gate));
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the work returned inside the transaction");

    boolean freeBeforeCommit = free();
    gates.open(gate);
    Transfers.Seen seen = Polling.result(moving);

    assertAll(
        () -> assertFalse(freeBeforeCommit, "the lock was free before the commit"),
        () -> assertTrue(seen.tokenInside() > 0, "the work ran under the lock"),
        () -> assertTrue(seen.contextEmptyAfter(), "LocksContext after withLock returned"),
        () -> assertTrue(free(), "the lock is free after the commit"));
  }
}
