package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.THIRD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.CapturedLocks;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLostException;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link LockManager#capture()}: the holds of one thread, entered again on another. */
class CapturedHoldsTest {

  private final LockFixture fixture = new LockFixture();
  private final LockManager manager = fixture.manager();
  private final ThreadLocalLocksContext context = manager.context();
  private final ExecutorService other = Executors.newSingleThreadExecutor();

  @AfterEach
  void stopTheOtherThread() {
    other.shutdownNow();
  }

  private <T> T onOtherThread(Callable<T> work) throws Exception {
    try {
      return other.submit(work).get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw (Exception) e.getCause();
    }
  }

  @Test
  void work_on_another_thread_sees_the_captured_lock_itself() throws Exception {
    Lock[] seen = new Lock[2];
    manager.withLock(
        "export",
        () -> {
          seen[0] = context.lock().orElseThrow();
          CapturedLocks holds = manager.capture();
          seen[1] = onOtherThread(() -> holds.call(() -> context.lock().orElseThrow()));
          return null;
        },
        DEFAULTS);

    assertThat(seen[1]).isSameAs(seen[0]);
  }

  @Test
  void with_lock_on_the_captured_key_on_another_thread_re_enters_the_hold() throws Exception {
    long[] tokens = new long[2];
    manager.withLock(
        "export",
        () -> {
          tokens[0] = context.fencingToken().orElseThrow();
          CapturedLocks holds = manager.capture();
          tokens[1] =
              onOtherThread(
                  () ->
                      holds.call(
                          () ->
                              manager.withLock(
                                  "export", () -> context.fencingToken().orElseThrow(), DEFAULTS)));
          return null;
        },
        DEFAULTS);

    assertThat(tokens[1]).isEqualTo(tokens[0]);
  }

  @Test
  void every_captured_hold_is_entered_the_innermost_current() throws Exception {
    String[] seen =
        manager.withLock(
            "outer",
            () ->
                manager.withLock(
                    "inner",
                    () -> {
                      CapturedLocks holds = manager.capture();
                      return onOtherThread(
                          () ->
                              holds.call(
                                  () ->
                                      new String[] {
                                        context.lock().orElseThrow().key(),
                                        context.lock("outer").orElseThrow().key()
                                      }));
                    },
                    DEFAULTS),
            DEFAULTS);

    assertThat(seen).containsExactly("inner", "outer");
  }

  @Test
  void the_other_thread_has_no_lock_after_the_work() throws Exception {
    Optional<Lock> after =
        manager.withLock(
            "export",
            () -> {
              CapturedLocks holds = manager.capture();
              onOtherThread(() -> holds.call(() -> null));
              return onOtherThread(context::lock);
            },
            DEFAULTS);

    assertThat(after).isEmpty();
  }

  @Test
  void the_work_neither_renews_nor_releases_the_lock() throws Exception {
    Lock lock =
        manager.withLock(
            "export",
            () -> {
              CapturedLocks holds = manager.capture();
              onOtherThread(() -> holds.call(() -> null));
              assertThat(context.lock().orElseThrow().isHeld()).isTrue();
              assertThat(manager.heldLocks()).isEqualTo(1);
              return context.lock().orElseThrow();
            },
            DEFAULTS);

    assertThat(lock.isHeld()).isFalse();
    assertThat(manager.heldLocks()).isZero();
  }

  @Test
  void captured_outside_a_guarded_run_the_work_runs_without_a_lock() throws Exception {
    CapturedLocks holds = manager.capture();

    assertThat(holds.locks()).isEmpty();
    Optional<Lock> seen = onOtherThread(() -> holds.call(context::lock));
    assertThat(seen).isEmpty();
  }

  @Test
  void work_started_after_the_hold_was_released_does_not_run() {
    CapturedLocks holds = captureInside("export");
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(() -> onOtherThread(() -> holds.call(() -> ran.getAndSet(true))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has ended");
    assertThat(ran).isFalse();
  }

  @Test
  void work_started_after_the_lock_was_lost_throws_lock_lost() throws Exception {
    Lock lock = manager.tryAcquire("export", DEFAULTS).orElseThrow();
    CapturedLocks holds = manager.callUnder(lock, manager::capture);
    fixture.store.release("export", lock.owner());
    fixture.time.advance(THIRD);
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(() -> onOtherThread(() -> holds.call(() -> ran.getAndSet(true))))
        .isInstanceOf(LockLostException.class);
    assertThat(ran).isFalse();
  }

  private CapturedLocks captureInside(String key) {
    try {
      return manager.withLock(key, manager::capture, DEFAULTS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
