package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.combined.InvoiceExport;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
import jakarta.inject.Inject;
import java.util.List;
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
 * {@code @OnOneInstance @WithoutOverlapping} with the default keys: the run lock is {@code <fully
 * qualified class>.<method>} and the lease {@code <that>:owner}; {@code LocksContext} shows the run
 * lock (the innermost); after a run the run lock is free while the lease stays held; an overlapping
 * call is skipped.
 */
@ExtendWith(ArquillianExtension.class)
public class OnOneInstanceWithoutOverlappingTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("on-one-instance-without-overlapping")
        .classes(InvoiceExport.class)
        .build();
  }

  @Inject InvoiceExport job;
  @Inject Runs runs;
  @Inject Gates gates;
  @Inject Locks locks;
  @Inject Background background;

  private final String gate = "export-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(gate);
  }

  private boolean isFree(String key) {
    Optional<Lock> lock = locks.tryAcquire(key);
    lock.ifPresent(Lock::close);
    return lock.isPresent();
  }

  @Test
  void a_run_sees_its_run_lock_under_the_default_key() throws Exception {
    gates.open(gate);
    job.export(gate);
    Runs.Run run = runs.all().get(runs.all().size() - 1);

    assertAll(
        () -> assertEquals(InvoiceExport.KEY, run.key(), "the innermost lock is the run lock"),
        () -> assertTrue(run.fencingToken() > 0, "token " + run.fencingToken()),
        () -> assertTrue(run.held(), "held during the run"));
  }

  @Test
  void after_a_run_the_run_lock_is_free_and_the_lease_stays_held() throws Exception {
    gates.open(gate);
    job.export(gate);

    assertAll(
        () -> assertTrue(isFree(InvoiceExport.KEY), "the run lock was still held"),
        () -> assertTrue(!isFree(InvoiceExport.KEY + ":owner"), "the lease was released"));
  }

  @Test
  void an_overlapping_call_is_skipped() throws Exception {
    CompletableFuture<Void> running =
        background.start(
            () -> {
              job.export(gate);
              return null;
            });
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the first run reached its gate");
    int before = runs.all().size();
    String other = "other-" + UUID.randomUUID();
    gates.open(other);
    job.export(other);
    List<Runs.Run> seen = runs.all();
    gates.open(gate);
    Polling.result(running);

    assertEquals(before, seen.size(), "the overlapping call ran: " + seen);
  }
}
