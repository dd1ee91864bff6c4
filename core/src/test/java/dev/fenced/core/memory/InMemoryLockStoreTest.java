package dev.fenced.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.core.time.ManualTime;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * What is particular to the in-memory store; the contracts run in {@link InMemoryContractsTest}.
 */
class InMemoryLockStoreTest {

  private final ManualTime time = new ManualTime();
  private final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);

  @Test
  void expired_locks_are_purged_so_memory_stays_bounded() {
    for (int i = 0; i < 10 * InMemoryIdempotencyStore.PURGE_EVERY; i++) {
      store.acquire("burst-" + i, "owner-" + i, 100);
      time.advance(Duration.ofMillis(100));
    }

    assertThat(store.size()).isLessThanOrEqualTo(InMemoryIdempotencyStore.PURGE_EVERY);
  }

  @Test
  void purging_an_expired_lock_keeps_its_token_sequence() {
    long first = store.acquire("k", "a", 1_000).orElseThrow();
    store.acquire("live", "a", 60_000);
    time.advance(Duration.ofSeconds(2));

    assertThat(store.purgeExpired()).isEqualTo(1);
    assertThat(store.size()).isEqualTo(1);
    assertThat(store.acquire("k", "b", 1_000).orElseThrow()).isGreaterThan(first);
  }

  @Test
  void an_expired_lock_is_deleted_when_it_is_touched() {
    store.acquire("k", "a", 1_000);
    time.advance(Duration.ofSeconds(2));

    assertThat(store.renew("k", "a", 1_000)).isFalse();
    assertThat(store.size()).isZero();
  }

  @Test
  void a_wall_clock_stepped_forward_does_not_expire_a_live_lock() {
    WallClockSteps steps = new WallClockSteps(time);
    InMemoryLockStore onBoth = new InMemoryLockStore(steps);
    onBoth.acquire("k", "a", 60_000);

    steps.stepWallClock(Duration.ofHours(1));

    assertThat(onBoth.acquire("k", "b", 60_000)).isEmpty();
    assertThat(onBoth.renew("k", "a", 60_000)).isTrue();
  }

  @Test
  void a_wall_clock_stepped_back_does_not_revive_an_expired_lock() {
    WallClockSteps steps = new WallClockSteps(time);
    InMemoryLockStore onBoth = new InMemoryLockStore(steps);
    onBoth.acquire("k", "a", 1_000);
    time.advance(Duration.ofSeconds(2));

    steps.stepWallClock(Duration.ofHours(-1));

    assertThat(onBoth.renew("k", "a", 60_000)).isFalse();
    assertThat(onBoth.acquire("k", "b", 60_000)).isPresent();
  }

  @Test
  void an_empty_key_and_a_ttl_that_is_not_positive_are_rejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("", "a", 1_000));
    assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("k", "a", 0));
    assertThatIllegalArgumentException().isThrownBy(() -> store.renew("k", "a", -1));
  }

  @Test
  void a_servers_store_starts_its_tokens_above_the_wall_clock_in_microseconds() {
    // a restarted server's store then starts above the tokens of the one before
    long microsBefore = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());

    long first = new InMemoryLockStore().acquire("invoices", "a", 1_000).orElseThrow();

    assertThat(first).isGreaterThan(microsBefore);
  }
}
