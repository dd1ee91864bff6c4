package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import jakarta.persistence.EntityManagerFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** What a migration recipe must leave behind: tables on which the stores work and are ready. */
final class MigratedTables {

  private MigratedTables() {}

  /**
   * Claims, completes and replays a key, takes and releases a lock, and checks readiness, on the
   * tables {@code tables} names.
   */
  static void assertTheStoresWork(EntityManagerFactory unit, FencedTables tables) {
    JpaIdempotencyStore records = new JpaIdempotencyStore(unit, Duration.ofSeconds(5), tables);
    assertThat(records.acquire("order-7", "o", "fp", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
    assertThat(records.complete("order-7", "o", "ok".getBytes(StandardCharsets.UTF_8), 60_000))
        .isTrue();
    assertThat(records.acquire("order-7", "p", "fp", 60_000))
        .isInstanceOf(AcquireResult.Completed.class);

    JpaLockStore locks = new JpaLockStore(unit, Duration.ofSeconds(5), tables);
    assertThat(locks.acquire("nightly", "a", 60_000)).isPresent();
    assertThat(locks.release("nightly", "a")).isTrue();

    JpaStore store =
        new JpaStore(
            new ResourceLocalTransactions(unit), StoreSettings.DEFAULTS.withTables(tables));
    assertThat(store.readiness().ready()).as(store.readiness().reason()).isTrue();
  }
}
