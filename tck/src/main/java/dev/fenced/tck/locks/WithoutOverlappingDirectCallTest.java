package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.direct.ReportJob;
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
 * A {@code @WithoutOverlapping} CDI method called directly: a call while another run holds the run
 * lock is skipped (it returns {@code null} without running); once the run finished the next call
 * runs; the run sees its run lock, key and fencing token, in {@code LocksContext}; a manual holder
 * of the same key ({@code Locks.tryAcquire}) keeps the job out too.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingDirectCallTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-direct-call").classes(ReportJob.class).build();
  }

  @Inject ReportJob job;
  @Inject Gates gates;
  @Inject Background background;
  @Inject Locks locks;

  private final String first = "first-" + UUID.randomUUID();
  private final String second = "second-" + UUID.randomUUID();

  @AfterEach
  void openTheGates() {
    gates.open(first);
    gates.open(second);
  }

  private CompletableFuture<String> startAndHold() throws InterruptedException {
    CompletableFuture<String> running = background.start(() -> job.run(first));
    assertTrue(gates.awaitEntered(first, Polling.WAIT), "the first run reached its gate");
    return running;
  }

  @Test
  void a_call_while_a_run_holds_the_lock_is_skipped() throws Exception {
    CompletableFuture<String> running = startAndHold();
    gates.open(second); // were the overlapping call to run, it must not hang
    String overlapping = job.run(second);
    Optional<Lock> manual = locks.tryAcquire(ReportJob.KEY);
    manual.ifPresent(Lock::close);
    gates.open(first);

    assertAll(
        () -> assertNull(overlapping, "the skipped call's result"),
        () -> assertNull(job.seen(second), "the overlapping call ran"),
        () -> assertTrue(manual.isEmpty(), "the run lock was free while the job ran"),
        () -> assertEquals("ran " + first, Polling.result(running)));
  }

  @Test
  void the_next_call_after_a_finished_run_runs_under_a_new_token() throws Exception {
    gates.open(first);
    gates.open(second);
    assertEquals("ran " + first, job.run(first));
    assertEquals("ran " + second, job.run(second));

    ReportJob.Run one = job.seen(first);
    ReportJob.Run two = job.seen(second);
    assertAll(
        () -> assertNotNull(one.lock(), "first run's lock"),
        () -> assertNotNull(two.lock(), "second run's lock"),
        () -> assertTrue(two.lock().fencingToken() > one.lock().fencingToken(), "tokens"));
  }

  @Test
  void the_run_sees_its_run_lock_and_token_in_locks_context() throws Exception {
    gates.open(first);
    job.run(first);

    ReportJob.Run run = job.seen(first);
    assertNotNull(run.lock(), "LocksContext showed no lock inside the run");
    assertAll(
        () -> assertEquals(ReportJob.KEY, run.lock().key()),
        () -> assertTrue(run.lock().fencingToken() > 0, "token " + run.lock().fencingToken()),
        () -> assertTrue(run.heldDuringRun(), "held during the run"),
        () -> assertFalse(run.lock().isHeld(), "released after the run"));
  }

  @Test
  void a_manual_holder_of_the_job_key_makes_the_job_skip() throws Exception {
    gates.open(first);
    String result;
    try (Lock manual =
        locks.tryAcquire(ReportJob.KEY).orElseThrow(() -> new AssertionError("key held"))) {
      result = Polling.result(background.start(() -> job.run(first)));
    }

    assertAll(
        () -> assertNull(result, "the job ran while a manual holder had its key"),
        () -> assertNull(job.seen(first), "the job ran"));
  }
}
