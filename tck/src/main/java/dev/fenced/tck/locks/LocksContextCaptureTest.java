package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.CapturedLocks;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.context.GuardedStep;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code LocksContext.capture()}: work handed to the server's default {@code
 * ManagedExecutorService} with the captured holds runs inside the same hold (same lock, same
 * fencing token; a {@code @WithoutOverlapping} job on its key re-enters it instead of being
 * skipped); without them it sees no lock; captured work that starts after the hold ended does not
 * run.
 */
@ExtendWith(ArquillianExtension.class)
public class LocksContextCaptureTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("locks-context-capture").classes(GuardedStep.class).build();
  }

  @Resource(lookup = "java:comp/DefaultManagedExecutorService")
  ManagedExecutorService executor;

  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject GuardedStep step;

  private record Seen(Lock outer, Lock current, Lock step) {}

  private <T> T result(Future<T> future) throws Exception {
    return future.get(Polling.WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Test
  void work_handed_on_with_the_captured_holds_runs_inside_the_same_hold() throws Exception {
    Seen seen =
        locks.withLock(
            GuardedStep.KEY,
            () -> {
              Lock outer = context.lock().orElseThrow();
              CapturedLocks holds = context.capture();
              return result(
                  executor.submit(
                      () ->
                          holds.call(
                              () -> new Seen(outer, context.lock().orElse(null), step.step()))));
            },
            LockOptions.defaults());

    assertAll(
        () -> assertNotNull(seen.current(), "the handed-on work saw no lock"),
        () -> assertEquals(seen.outer().fencingToken(), seen.current().fencingToken(), "token"),
        () -> assertNotNull(seen.step(), "the job on the held key was skipped, not re-entered"),
        () -> assertEquals(seen.outer().fencingToken(), seen.step().fencingToken(), "job's token"));
  }

  @Test
  void work_handed_on_without_the_captured_holds_sees_no_lock() throws Exception {
    Optional<Lock> seen =
        locks.withLock(
            GuardedStep.KEY,
            () -> result(executor.submit(() -> context.lock())),
            LockOptions.defaults());

    assertTrue(seen.isEmpty(), "the default executor propagated " + seen);
  }

  @Test
  void captured_work_that_starts_after_the_hold_ended_does_not_run() throws Exception {
    CapturedLocks holds =
        locks.withLock(GuardedStep.KEY, () -> context.capture(), LockOptions.defaults());
    AtomicBoolean ran = new AtomicBoolean();

    Future<Object> late =
        executor.submit(
            () ->
                holds.call(
                    () -> {
                      ran.set(true);
                      return null;
                    }));
    ExecutionException failure = assertThrows(ExecutionException.class, () -> result(late));

    assertAll(
        () -> assertFalse(ran.get(), "the work ran after the hold ended"),
        () ->
            assertTrue(
                failure.getCause() instanceof IllegalStateException,
                "the work failed with " + failure.getCause()));
  }
}
