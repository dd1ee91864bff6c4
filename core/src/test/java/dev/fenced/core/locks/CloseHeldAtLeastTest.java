package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.Lock;
import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CloseHeldAtLeastTest {

  private static final String KEY = "job";
  private static final Duration HOLD = Duration.ofSeconds(3);

  private final LockFixture fixture = new LockFixture();
  private final CountingLockStore counting = fixture.counting(fixture.store);
  private final LockManager manager = fixture.manager(counting);

  @Test
  void within_the_hold_it_renews_once_for_the_remaining_time_rounded_up_instead_of_releasing() {
    Lock lock = manager.tryAcquire(KEY, DEFAULTS).orElseThrow();
    fixture.time.advance(Duration.ofNanos(1_234_567));

    manager.closeHeldAtLeast(lock, HOLD);

    assertThat(counting.renewals()).isEqualTo(1);
    assertThat(counting.releases()).isZero();
    assertThat(fixture.store.lock(KEY).orElseThrow().expiresIn())
        .isEqualTo(Duration.ofMillis(2999));
    assertThat(lock.isHeld()).isFalse();
  }

  @Test
  void once_the_hold_has_passed_it_releases() {
    Lock lock = manager.tryAcquire(KEY, DEFAULTS).orElseThrow();
    fixture.time.advance(HOLD);

    manager.closeHeldAtLeast(lock, HOLD);

    assertThat(counting.releases()).isEqualTo(1);
    assertThat(counting.renewals()).isZero();
    assertThat(fixture.store.lock(KEY)).isEmpty();
  }

  @Test
  void a_closed_lock_is_not_kept() {
    Lock lock = manager.tryAcquire(KEY, DEFAULTS).orElseThrow();
    lock.close();

    manager.closeHeldAtLeast(lock, HOLD);

    assertThat(counting.renewals()).isZero();
    assertThat(fixture.store.lock(KEY)).isEmpty();
  }

  @Test
  void a_negative_or_too_long_hold_is_refused() {
    Lock lock = manager.tryAcquire(KEY, DEFAULTS).orElseThrow();

    assertThatThrownBy(() -> manager.closeHeldAtLeast(lock, Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> manager.closeHeldAtLeast(lock, Duration.ofMillis(StoreLimits.MAX_TTL_MILLIS + 1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(lock.isHeld()).isTrue();
  }
}
