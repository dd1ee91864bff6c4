package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.reentrant.ReentrantJob;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@code @WithoutOverlapping} run lock is re-entrant for the thread that holds it: the job called
 * inside {@code Locks.withLock} on its own key runs, once, under the outer lock and token, and the
 * outer keeps holding the lock until its own work ends; a {@code withLock} on the key inside the
 * job's run runs too. A call from another thread during the hold is still skipped.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingReentrantTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-reentrant").classes(ReentrantJob.class).build();
  }

  @Inject ReentrantJob job;
  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject Background background;

  private final String name = "run-" + UUID.randomUUID();

  /** Whether another thread could take the run lock now (it closes what it took). */
  private boolean freeForAnotherThread() throws Exception {
    Optional<Lock> taken =
        Polling.result(background.start(() -> locks.tryAcquire(ReentrantJob.KEY)));
    taken.ifPresent(Lock::close);
    return taken.isPresent();
  }

  @Test
  void the_job_called_under_with_lock_on_its_key_runs_once_inside_the_outer_hold()
      throws Exception {
    Lock[] outer = new Lock[1];
    boolean[] heldAfterTheJob = new boolean[1];
    boolean[] freeAfterTheJob = new boolean[1];

    String result =
        locks.withLock(
            ReentrantJob.KEY,
            () -> {
              outer[0] = context.lock().orElseThrow();
              String ran = job.run(name, () -> "ran");
              heldAfterTheJob[0] = outer[0].isHeld() && context.lock().orElseThrow() == outer[0];
              freeAfterTheJob[0] = freeForAnotherThread();
              return ran;
            },
            LockOptions.defaults());

    assertAll(
        () -> assertEquals("ran", result, "the job's result"),
        () -> assertEquals(1, job.runs(name), "runs of the job"),
        () -> assertSame(outer[0], job.lockSeen(name), "the lock the job saw"),
        () -> assertTrue(heldAfterTheJob[0], "the outer hold after the job returned"),
        () -> assertFalse(freeAfterTheJob[0], "another thread took the key inside the hold"),
        () -> assertFalse(outer[0].isHeld(), "still held after withLock returned"),
        () -> assertTrue(freeForAnotherThread(), "the key was not released"));
  }

  @Test
  void a_call_from_another_thread_during_the_hold_is_skipped() throws Exception {
    String elsewhere =
        locks.withLock(
            ReentrantJob.KEY,
            () -> Polling.result(background.start(() -> job.run(name, () -> "ran"))),
            LockOptions.defaults());

    assertAll(
        () -> assertNull(elsewhere, "the skipped call's result"),
        () -> assertEquals(0, job.runs(name), "runs of the job from the other thread"));
  }

  @Test
  void with_lock_on_the_key_inside_the_jobs_run_runs_under_the_run_lock() throws Exception {
    Lock inside =
        job.run(
            name,
            () ->
                locks.withLock(
                    ReentrantJob.KEY, () -> context.lock().orElseThrow(), LockOptions.defaults()));

    assertAll(
        () -> assertSame(job.lockSeen(name), inside, "the lock withLock's work saw"),
        () -> assertFalse(inside.isHeld(), "the run lock outlived the run"),
        () -> assertTrue(freeForAnotherThread(), "the key was not released"));
  }
}
