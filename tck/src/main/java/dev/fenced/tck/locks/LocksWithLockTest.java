package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Locks.withLock} runs the work under the lock, visible in {@code LocksContext}; with a wait
 * it waits for a holder that releases in time, else throws {@code LockNotAcquiredException} with
 * the time it waited; it releases the lock whether the work returns or throws.
 */
@ExtendWith(ArquillianExtension.class)
public class LocksWithLockTest {

  /** How long the waiter visibly keeps waiting before the holder lets go. */
  private static final Duration STILL_WAITING = Duration.ofMillis(300);

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("locks-with-lock").build();
  }

  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject Background background;

  private final String key = "tck:with-lock:" + UUID.randomUUID();

  private Lock hold() {
    return locks.tryAcquire(key).orElseThrow(() -> new AssertionError("key not acquired"));
  }

  private void assertFree() {
    Optional<Lock> next = locks.tryAcquire(key);
    next.ifPresent(Lock::close);
    assertTrue(next.isPresent(), "the lock was not released");
  }

  @Test
  void the_work_runs_under_the_lock_and_sees_it_in_locks_context() throws Exception {
    Lock seen = locks.withLock(key, () -> context.lock().orElseThrow(), LockOptions.defaults());
    long token = seen.fencingToken();

    assertAll(
        () -> assertEquals(key, seen.key()),
        () -> assertTrue(token > 0, "token " + token),
        () -> assertFalse(seen.isHeld(), "released after the work"),
        () -> assertTrue(context.lock().isEmpty(), "no lock outside the work"));
    assertFree();
  }

  @Test
  void a_waiting_call_runs_when_the_holder_releases_in_time() throws Exception {
    Lock holder = hold();
    CompletableFuture<Long> waiter =
        background.start(
            () ->
                locks.withLock(
                    key,
                    () -> context.fencingToken().orElseThrow(),
                    LockOptions.defaults().withWait(Polling.WAIT)));
    Thread.sleep(STILL_WAITING.toMillis());
    boolean waitedForHolder = !waiter.isDone();
    holder.close();

    long token = Polling.result(waiter);
    assertAll(
        () -> assertTrue(waitedForHolder, "the waiter did not wait for the holder"),
        () -> assertTrue(token > holder.fencingToken(), "token " + token));
    assertFree();
  }

  @Test
  void a_call_that_waited_in_vain_throws_lock_not_acquired_with_the_wait() {
    Duration wait = Duration.ofMillis(400);
    AtomicBoolean ran = new AtomicBoolean();
    try (Lock holder = hold()) {
      long start = System.nanoTime();
      LockNotAcquiredException failure =
          assertThrows(
              LockNotAcquiredException.class,
              () -> locks.withLock(key, () -> ran.getAndSet(true), withWait(wait)));
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      assertAll(
          () -> assertEquals(key, failure.key()),
          () -> assertTrue(failure.waited().compareTo(wait) >= 0, "waited " + failure.waited()),
          () -> assertTrue(elapsed.compareTo(wait) >= 0, "gave up after " + elapsed),
          () -> assertFalse(ran.get(), "the work ran"),
          () -> assertTrue(holder.isHeld(), "the holder still holds"));
    }
  }

  @Test
  void a_single_try_on_a_held_key_throws_lock_not_acquired_having_waited_zero() {
    try (Lock holder = hold()) {
      LockNotAcquiredException failure =
          assertThrows(
              LockNotAcquiredException.class,
              () -> locks.withLock(key, () -> "ran", LockOptions.defaults()));
      assertAll(
          () -> assertEquals(key, failure.key()),
          () -> assertEquals(Duration.ZERO, failure.waited()));
    }
  }

  @Test
  void the_lock_is_released_when_the_work_throws() {
    IllegalStateException thrown = new IllegalStateException("the work failed");
    IllegalStateException caught =
        assertThrows(
            IllegalStateException.class,
            () ->
                locks.withLock(
                    key,
                    () -> {
                      throw thrown;
                    },
                    LockOptions.defaults()));
    assertSame(thrown, caught, "the work's own exception");
    assertFree();
  }

  @Test
  void the_lock_is_released_when_the_work_returns() throws Exception {
    assertEquals("done", locks.withLock(key, () -> "done", LockOptions.defaults()));
    assertFree();
  }

  private static LockOptions withWait(Duration wait) {
    return LockOptions.defaults().withWait(wait);
  }
}
