package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.Lock;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@link LockManager#callUnder} with a lock from {@code tryAcquire}: bound, not released. */
class CallUnderTryAcquiredTest {

  private final LockFixture fixture = new LockFixture();
  private final LockManager manager = fixture.manager();
  private final ThreadLocalLocksContext context = manager.context();

  @Test
  void the_bound_lock_is_current_while_the_work_runs() throws Exception {
    Lock lock = manager.tryAcquire("export", DEFAULTS).orElseThrow();

    assertThat(manager.callUnder(lock, () -> context.lock().orElseThrow())).isSameAs(lock);
    assertThat(context.lock()).isEmpty();
  }

  @Test
  void with_lock_on_its_key_re_enters_it() throws Exception {
    Lock lock = manager.tryAcquire("export", DEFAULTS).orElseThrow();

    long token =
        manager.callUnder(
            lock,
            () -> manager.withLock("export", () -> context.fencingToken().orElseThrow(), DEFAULTS));

    assertThat(token).isEqualTo(lock.fencingToken());
  }

  @Test
  void the_lock_is_still_held_after_the_work() throws Exception {
    Lock lock = manager.tryAcquire("export", DEFAULTS).orElseThrow();

    manager.callUnder(lock, () -> null);

    assertThat(lock.isHeld()).isTrue();
    assertThat(manager.heldLocks()).isEqualTo(1);
  }

  @Test
  void a_closed_lock_cannot_be_bound() {
    Lock lock = manager.tryAcquire("export", DEFAULTS).orElseThrow();
    lock.close();
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(() -> manager.callUnder(lock, () -> ran.getAndSet(true)))
        .isInstanceOf(IllegalStateException.class);
    assertThat(ran).isFalse();
  }
}
