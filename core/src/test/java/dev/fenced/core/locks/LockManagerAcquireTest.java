package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.THIRD;
import static dev.fenced.core.locks.LockFixture.TTL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.core.OwnerId;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.LockStoreUnavailableException;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LockManagerAcquireTest {

  private final LockFixture fixture = new LockFixture();

  @Test
  void acquires_a_free_key_with_the_fencing_token_from_the_store() {
    fixture.store.acquire("other", "someone", 1_000); // token 1 goes to another key

    Lock lock = fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    assertThat(lock.key()).isEqualTo("job");
    assertThat(lock.fencingToken()).isEqualTo(2);
    assertThat(lock.owner()).matches(Pattern.quote(OwnerId.instance()) + "/[0-9a-f]{32}");
    assertThat(lock.isHeld()).isTrue();
  }

  @Test
  void each_acquisition_gets_a_greater_token_and_a_new_owner() {
    LockManager manager = fixture.manager();
    Lock first = manager.tryAcquire("job", DEFAULTS).orElseThrow();
    first.close();

    Lock second = manager.tryAcquire("job", DEFAULTS).orElseThrow();

    assertThat(second.fencingToken()).isGreaterThan(first.fencingToken());
    assertThat(second.owner()).isNotEqualTo(first.owner());
  }

  @Test
  void another_instance_cannot_acquire_a_held_key() {
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isEmpty();
  }

  @Test
  void another_instance_acquires_the_key_after_it_was_released() {
    Lock first = fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();
    first.close();

    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isPresent();
  }

  @Test
  void a_held_lock_outlives_its_ttl_because_it_is_renewed() {
    Lock first = fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    fixture.time.advance(TTL.multipliedBy(5));

    assertThat(first.isHeld()).isTrue();
    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isEmpty();
  }

  @Test
  void another_instance_takes_over_once_the_holder_stopped_renewing_for_a_ttl() {
    FlakyLockStore holdersLink = new FlakyLockStore(fixture.store);
    Lock first = fixture.manager(holdersLink).tryAcquire("job", DEFAULTS).orElseThrow();
    holdersLink.renewDown(true);

    fixture.time.advance(TTL);
    Lock second = fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    assertThat(second.fencingToken()).isGreaterThan(first.fencingToken());
    assertThat(first.isHeld()).isFalse();
    assertThat(fixture.losses)
        .singleElement()
        .satisfies(loss -> assertThat(loss.detectedBy()).isEqualTo(DetectedBy.DEADLINE));
  }

  @Test
  void uses_the_ttl_of_the_options_over_the_default() {
    FlakyLockStore holdersLink = new FlakyLockStore(fixture.store);
    Lock shortLived =
        fixture
            .manager(holdersLink)
            .tryAcquire("short", LockOptions.defaults().withTtl(Duration.ofSeconds(3)))
            .orElseThrow();
    holdersLink.renewDown(true);

    fixture.time.advance(Duration.ofSeconds(3));

    assertThat(shortLived.isHeld()).isFalse();
    assertThat(fixture.manager().tryAcquire("short", DEFAULTS)).isPresent();
  }

  @Test
  void tries_once_without_a_wait() {
    CountingLockStore counting = fixture.counting(fixture.store);
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    assertThat(fixture.manager(counting).tryAcquire("job", DEFAULTS)).isEmpty();

    assertThat(counting.acquires()).isEqualTo(1);
    assertThat(fixture.time.elapsed()).isZero();
  }

  @Test
  void waits_with_pauses_that_double_up_to_the_longest_and_tries_last_at_the_end_of_the_wait() {
    CountingLockStore counting = fixture.counting(fixture.store);
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    fixture
        .manager(counting)
        .tryAcquire("job", LockOptions.defaults().withWait(Duration.ofMillis(2_000)));

    // jitter fixed at its top: pauses of 50, 100, 200, 400, 800, then cut to the 450 ms left
    assertThat(counting.acquireTimes())
        .containsExactly(
            Duration.ZERO,
            Duration.ofMillis(50),
            Duration.ofMillis(150),
            Duration.ofMillis(350),
            Duration.ofMillis(750),
            Duration.ofMillis(1_550),
            Duration.ofMillis(2_000));
  }

  @Test
  void never_waits_past_the_wait_even_with_random_jitter() {
    CountingLockStore counting = fixture.counting(fixture.store);
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();
    LockManager waiting =
        new LockManager(counting, fixture.time, LockSettings.defaults().withDefaultTtl(TTL));

    assertThat(waiting.tryAcquire("job", LockOptions.defaults().withWait(Duration.ofSeconds(5))))
        .isEmpty();

    assertThat(fixture.time.elapsed()).isEqualTo(Duration.ofSeconds(5));
    assertThat(counting.acquireTimes()).last().isEqualTo(Duration.ofSeconds(5));
    // at least half of each pause is fixed: 25+50+100+200+400+500+500+... reaches 5 s in < 16 tries
    assertThat(counting.acquires()).isBetween(7, 16);
  }

  @Test
  void acquires_during_the_wait_when_the_holder_releases() {
    Lock holder = fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();
    fixture.time.schedule(holder::close, Duration.ofMillis(500));

    Lock lock =
        fixture
            .manager()
            .tryAcquire("job", LockOptions.defaults().withWait(Duration.ofSeconds(5)))
            .orElseThrow();

    assertThat(lock.fencingToken()).isGreaterThan(holder.fencingToken());
    assertThat(fixture.time.elapsed()).isEqualTo(Duration.ofMillis(750));
  }

  @Test
  void an_interrupted_wait_gives_up_and_keeps_the_interrupt() {
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();
    Thread.currentThread().interrupt();

    try {
      assertThat(
              fixture
                  .manager()
                  .tryAcquire("job", LockOptions.defaults().withWait(Duration.ofSeconds(5))))
          .isEmpty();
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void an_unreachable_store_is_lock_store_unavailable_not_a_held_key() {
    FlakyLockStore down = new FlakyLockStore(fixture.store).acquireDown(true);

    assertThatThrownBy(() -> fixture.manager(down).tryAcquire("job", DEFAULTS))
        .isInstanceOfSatisfying(
            LockStoreUnavailableException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.LOCK_STORE_UNAVAILABLE));
  }

  @Test
  void rejects_an_empty_key() {
    assertThatThrownBy(() -> fixture.manager().tryAcquire("", DEFAULTS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
  }

  @Test
  void the_first_renewal_is_due_a_third_of_the_ttl_after_the_acquire() {
    CountingLockStore counting = fixture.counting(fixture.store);
    fixture.manager(counting).tryAcquire("job", DEFAULTS).orElseThrow();

    fixture.time.advance(THIRD.minusMillis(1));
    int beforeTheThird = counting.renewals();
    fixture.time.advance(Duration.ofMillis(1));

    assertThat(beforeTheThird).isZero();
    assertThat(counting.renewals()).isEqualTo(1);
  }
}
