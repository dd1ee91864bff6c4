package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.jobkey.NightlyExport;
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
 * {@code @OnOneInstance(key = K) @WithoutOverlapping} without a key of its own: the run lock is
 * {@code K} (the lease {@code K:owner}), so a {@code Locks.withLock(K, ...)} by hand and the job's
 * runs exclude each other; a {@code @WithoutOverlapping(key = ...)} keeps its own key.
 */
@ExtendWith(ArquillianExtension.class)
public class OnOneInstanceJobKeyTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("on-one-instance-job-key").classes(NightlyExport.class).build();
  }

  @Inject NightlyExport job;
  @Inject Locks locks;
  @Inject Gates gates;
  @Inject Background background;

  private final String gate = "export-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(gate);
  }

  @Test
  void a_run_holds_its_run_lock_under_the_job_key() throws Exception {
    gates.open(gate);

    assertEquals(NightlyExport.KEY, job.export(gate));
  }

  @Test
  void a_run_is_skipped_while_with_lock_by_hand_holds_the_job_key() throws Exception {
    gates.open(gate);

    String ran =
        locks.withLock(
            NightlyExport.KEY,
            () -> Polling.result(background.start(this::export)),
            LockOptions.defaults());

    assertNull(ran, "the run was not skipped");
  }

  @Test
  void a_running_job_holds_the_job_key_against_a_lock_by_hand() throws Exception {
    CompletableFuture<String> running = background.start(this::export);
    assertTrue(gates.awaitEntered(gate, Polling.WAIT), "the run reached its gate");

    Optional<Lock> byHand = locks.tryAcquire(NightlyExport.KEY);
    byHand.ifPresent(Lock::close);
    gates.open(gate);
    Polling.result(running);

    assertTrue(byHand.isEmpty(), "the job key was free while the job ran");
  }

  @Test
  void a_run_lock_with_a_key_of_its_own_keeps_it() {
    assertEquals(NightlyExport.OWN_RUN_LOCK, job.exportWithOwnRunLock());
  }

  private String export() throws InterruptedException {
    return job.export(gate);
  }
}
