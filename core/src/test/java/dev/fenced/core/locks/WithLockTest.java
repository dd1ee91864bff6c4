package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.LockStoreUnavailableException;
import dev.fenced.store.spi.StoreUnavailableException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class WithLockTest {

  private final LockFixture fixture = new LockFixture();
  private final CountingLockStore counting = fixture.counting(fixture.store);
  private final LockManager manager = fixture.manager(counting);

  @Test
  void returns_what_the_work_returned_and_releases_the_lock() throws Exception {
    String result = manager.withLock("job", () -> "done", DEFAULTS);

    assertThat(result).isEqualTo("done");
    assertThat(counting.releases()).isEqualTo(1);
    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isPresent();
  }

  @Test
  void rethrows_what_the_work_threw_and_releases_the_lock() {
    IOException failure = new IOException("disk full");

    assertThatThrownBy(
            () ->
                manager.withLock(
                    "job",
                    () -> {
                      throw failure;
                    },
                    DEFAULTS))
        .isSameAs(failure);
    assertThat(counting.releases()).isEqualTo(1);
    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isPresent();
  }

  @Test
  void holds_the_lock_while_the_work_runs() throws Exception {
    boolean heldByAnother =
        manager.withLock(
            "job", () -> fixture.manager().tryAcquire("job", DEFAULTS).isPresent(), DEFAULTS);

    assertThat(heldByAnother).isFalse();
  }

  @Test
  void throws_lock_not_acquired_with_the_time_waited_when_the_key_stays_held() {
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(
            () ->
                manager.withLock(
                    "job",
                    () -> ran.getAndSet(true),
                    LockOptions.defaults().withWait(Duration.ofSeconds(2))))
        .isInstanceOfSatisfying(
            LockNotAcquiredException.class,
            e -> {
              assertThat(e.key()).isEqualTo("job");
              assertThat(e.waited()).isEqualTo(Duration.ofSeconds(2));
              assertThat(e.code()).isEqualTo(ErrorCode.LOCK_NOT_ACQUIRED);
            });
    assertThat(ran).isFalse();
    assertThat(counting.acquires()).isBetween(2, 10);
    assertThat(counting.acquireTimes())
        .allSatisfy(t -> assertThat(t).isLessThanOrEqualTo(Duration.ofSeconds(2)));
  }

  @Test
  void without_a_wait_gives_up_after_one_try_having_waited_nothing() {
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    assertThatThrownBy(() -> manager.withLock("job", () -> "never", DEFAULTS))
        .isInstanceOfSatisfying(
            LockNotAcquiredException.class, e -> assertThat(e.waited()).isZero());
    assertThat(counting.acquires()).isEqualTo(1);
  }

  @Test
  void a_single_try_waited_nothing_however_long_the_store_took_to_answer() {
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();
    LockManager slow =
        fixture.manager(
            new dev.fenced.locks.spi.LockStore() {
              @Override
              public java.util.OptionalLong acquire(String key, String owner, long ttlMillis) {
                fixture.time.advance(Duration.ofMillis(5));
                return fixture.store.acquire(key, owner, ttlMillis);
              }

              @Override
              public boolean renew(String key, String owner, long ttlMillis) {
                return fixture.store.renew(key, owner, ttlMillis);
              }

              @Override
              public boolean release(String key, String owner) {
                return fixture.store.release(key, owner);
              }
            });

    assertThatThrownBy(() -> slow.withLock("job", () -> "never", DEFAULTS))
        .isInstanceOfSatisfying(
            LockNotAcquiredException.class, e -> assertThat(e.waited()).isZero());
  }

  @Test
  void fails_closed_when_the_store_is_unreachable() {
    LockManager cutOff = fixture.manager(new FlakyLockStore(fixture.store).acquireDown(true));
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(() -> cutOff.withLock("job", () -> ran.getAndSet(true), DEFAULTS))
        .isInstanceOfSatisfying(
            LockStoreUnavailableException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.LOCK_STORE_UNAVAILABLE);
              assertThat(e.key()).isEqualTo("job");
              assertThat(e.getCause()).isInstanceOf(StoreUnavailableException.class);
            });
    assertThat(ran).isFalse();
  }
}
