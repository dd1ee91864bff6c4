package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.TTL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.Lock;
import org.junit.jupiter.api.Test;

class LockManagerShutdownTest {

  private final LockFixture fixture = new LockFixture();
  private final LockManager manager = fixture.manager();

  @Test
  void shutdown_releases_every_held_lock_without_reporting_a_loss() {
    Lock a = manager.tryAcquire("a", DEFAULTS).orElseThrow();
    manager.tryAcquire("b", DEFAULTS).orElseThrow();
    manager.tryAcquire("c", DEFAULTS).orElseThrow().close();

    assertThat(manager.heldLocks()).isEqualTo(2);
    assertThat(manager.shutdown()).isEqualTo(2);

    assertThat(a.isHeld()).isFalse();
    assertThat(fixture.manager().tryAcquire("a", DEFAULTS)).isPresent();
    assertThat(fixture.manager().tryAcquire("b", DEFAULTS)).isPresent();
    fixture.time.advance(TTL.multipliedBy(2));
    assertThat(fixture.losses).isEmpty();
  }

  @Test
  void a_lost_lock_is_no_longer_counted_as_held() {
    Lock a = manager.tryAcquire("a", DEFAULTS).orElseThrow();
    fixture.store.release("a", a.owner());

    fixture.time.advance(LockFixture.THIRD);

    assertThat(manager.heldLocks()).isZero();
  }

  @Test
  void a_shut_down_manager_takes_no_new_lock() {
    manager.shutdown();

    assertThat(manager.isShutDown()).isTrue();
    assertThatThrownBy(() -> manager.tryAcquire("a", DEFAULTS))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("shut down");
    assertThat(manager.shutdown()).isZero();
  }
}
