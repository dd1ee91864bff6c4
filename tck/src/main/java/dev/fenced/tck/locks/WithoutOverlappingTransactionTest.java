package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.commit.CommitGate;
import dev.fenced.tck.locks.commit.LedgerExport;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
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
 * A {@code @WithoutOverlapping} EJB method inside its container-managed transaction keeps its run
 * lock until the transaction has committed: after the method returned, while the commit waits at a
 * gate, the lock is still held (a manual {@code tryAcquire} of its key and a second run are both
 * kept out), and once the commit is done it is free.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingTransactionTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-transaction")
        .classes(LedgerExport.class, CommitGate.class)
        .build();
  }

  @Inject LedgerExport export;
  @Inject Gates gates;
  @Inject Background background;
  @Inject Locks locks;
  @Inject Runs runs;

  private final String first = "commit-first-" + UUID.randomUUID();
  private final String second = "commit-second-" + UUID.randomUUID();

  @AfterEach
  void openTheGates() {
    gates.open(first);
    gates.open(second);
  }

  private CompletableFuture<Void> runAndHoldTheCommit() throws InterruptedException {
    CompletableFuture<Void> running =
        background.start(
            () -> {
              export.export(first);
              return null;
            });
    assertTrue(
        gates.awaitEntered(first, Polling.WAIT), "the run returned and its transaction commits");
    return running;
  }

  private boolean free() {
    Optional<Lock> lock = locks.tryAcquire(LedgerExport.KEY);
    lock.ifPresent(Lock::close);
    return lock.isPresent();
  }

  @Test
  void the_run_lock_is_held_until_the_container_transaction_committed() throws Exception {
    CompletableFuture<Void> running = runAndHoldTheCommit();

    boolean freeBeforeCommit = free();
    gates.open(first);
    Polling.result(running);

    assertAll(
        () -> assertFalse(freeBeforeCommit, "the run lock was free before the commit"),
        () -> assertTrue(free(), "the run lock is free after the commit"));
  }

  @Test
  void a_run_fired_while_the_previous_run_commits_is_skipped() throws Exception {
    CompletableFuture<Void> running = runAndHoldTheCommit();
    int runsBefore = runs.all().size();
    gates.open(second); // a second run, if wrongly admitted, must not wait at its own commit

    export.export(second);
    int runsMeanwhile = runs.all().size() - runsBefore;
    gates.open(first);
    Polling.result(running);

    assertEquals(0, runsMeanwhile, "runs started before the previous run committed");
  }
}
