package dev.fenced.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.AcquireResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What is particular to the in-memory store; the contracts run in {@link InMemoryContractsTest}.
 */
class InMemoryIdempotencyStoreTest {

  private static final byte[] PAYLOAD = "ok".getBytes(StandardCharsets.UTF_8);

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);

  @Test
  void expired_records_are_purged_so_memory_stays_bounded() {
    for (int i = 0; i < 10 * InMemoryIdempotencyStore.PURGE_EVERY; i++) {
      store.acquire("burst-" + i, "owner-" + i, "fp", 100);
      time.advance(Duration.ofMillis(100));
    }

    assertThat(store.size()).isLessThanOrEqualTo(InMemoryIdempotencyStore.PURGE_EVERY);
  }

  @Test
  void purge_deletes_expired_locks_and_records_and_keeps_live_ones() {
    for (int i = 0; i < 5; i++) {
      store.acquire("live-" + i, "owner", "fp-live", 60_000);
      store.acquire("lock-" + i, "owner", "fp", 1_000);
      store.acquire("record-" + i, "owner", "fp", 60_000);
      store.complete("record-" + i, "owner", PAYLOAD, 1_000);
    }
    time.advance(Duration.ofSeconds(2));

    assertThat(store.purgeExpired()).isEqualTo(10);
    assertThat(store.size()).isEqualTo(5);
    assertThat(store.acquire("live-0", "other", "fp", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp-live"));
  }

  @Test
  void an_expired_record_is_deleted_when_it_is_touched() {
    store.acquire("k", "owner", "fp", 1_000);
    time.advance(Duration.ofSeconds(2));

    assertThat(store.release("k", "owner")).isFalse();
    assertThat(store.size()).isZero();
  }

  @Test
  void a_wall_clock_stepped_forward_does_not_expire_a_live_record() {
    WallClockSteps steps = new WallClockSteps(time);
    InMemoryIdempotencyStore onBoth = new InMemoryIdempotencyStore(steps);
    onBoth.acquire("k", "owner", "fp", 60_000);

    steps.stepWallClock(Duration.ofHours(1));

    assertThat(onBoth.acquire("k", "other", "fp-other", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp"));
  }

  @Test
  void a_wall_clock_stepped_back_does_not_revive_an_expired_record() {
    WallClockSteps steps = new WallClockSteps(time);
    InMemoryIdempotencyStore onBoth = new InMemoryIdempotencyStore(steps);
    onBoth.acquire("k", "owner", "fp", 1_000);
    time.advance(Duration.ofSeconds(2));

    steps.stepWallClock(Duration.ofHours(-1));

    assertThat(onBoth.acquire("k", "other", "fp-other", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
  }

  @Test
  void an_empty_key_is_rejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("", "owner", "fp", 1_000));
  }

  @Test
  void a_ttl_that_is_not_positive_is_rejected() {
    assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("k", "owner", "fp", 0));
    store.acquire("k", "owner", "fp", 1_000);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.complete("k", "owner", PAYLOAD, -1));
    assertThatIllegalArgumentException().isThrownBy(() -> store.extend("k", "owner", 0));
  }
}
