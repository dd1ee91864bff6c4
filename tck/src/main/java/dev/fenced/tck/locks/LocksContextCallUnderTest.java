package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.context.GuardedStep;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code LocksContext.callUnder(lock, work)}: a lock from {@code tryAcquire} bound to the thread
 * for the work is the current lock and is re-entered by a {@code @WithoutOverlapping} job on its
 * key, and is still held (not released) afterwards; without it the job is skipped; a closed lock
 * cannot be bound.
 */
@ExtendWith(ArquillianExtension.class)
public class LocksContextCallUnderTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("locks-context-call-under").classes(GuardedStep.class).build();
  }

  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject GuardedStep step;

  private record Seen(Lock current, Lock step) {}

  @Test
  void a_lock_bound_with_call_under_is_current_re_entered_and_still_held_after() throws Exception {
    Lock lock = locks.tryAcquire(GuardedStep.KEY).orElseThrow();
    try {
      Seen seen = context.callUnder(lock, () -> new Seen(context.lock().orElse(null), step.step()));
      boolean heldAfter = lock.isHeld();

      assertAll(
          () -> assertEquals(lock, seen.current(), "the current lock"),
          () -> assertNotNull(seen.step(), "the job on the bound key was skipped"),
          () -> assertEquals(lock.fencingToken(), seen.step().fencingToken(), "job's token"),
          () -> assertTrue(heldAfter, "callUnder released the lock"),
          () -> assertTrue(context.lock().isEmpty(), "the lock stayed bound after the work"));
    } finally {
      lock.close();
    }
  }

  @Test
  void a_try_acquire_lock_not_bound_makes_the_job_skip() {
    Lock lock = locks.tryAcquire(GuardedStep.KEY).orElseThrow();
    try {
      assertNull(step.step(), "the job ran under a lock another owner holds");
    } finally {
      lock.close();
    }
  }

  @Test
  void a_closed_lock_cannot_be_bound() {
    Lock lock = locks.tryAcquire(GuardedStep.KEY).orElseThrow();
    lock.close();
    AtomicBoolean ran = new AtomicBoolean();

    assertThrows(
        IllegalStateException.class,
        () ->
            context.callUnder(
                lock,
                () -> {
                  ran.set(true);
                  return null;
                }));
    assertFalse(ran.get(), "the work ran under a closed lock");
  }
}
