package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreLimits;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the stores refuse at the SPI boundary, before anything is written: a ttl outside 1..{@link
 * StoreLimits#MAX_TTL_MILLIS}, and text that is not valid Unicode (a lone surrogate would reach
 * PostgreSQL as {@code ?}, so two keys would collide).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoreArgumentsTest {

  private EntityManagerFactory factory;
  private JpaIdempotencyStore records;
  private JpaLockStore locks;

  @BeforeAll
  void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.HIBERNATE.open(server);
    records = new JpaIdempotencyStore(factory);
    locks = new JpaLockStore(factory);
  }

  @AfterAll
  void close() {
    if (factory != null) {
      factory.close();
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {0, -1, StoreLimits.MAX_TTL_MILLIS + 1, Long.MAX_VALUE})
  void a_ttl_outside_the_limits_is_refused_before_anything_is_written(long ttl) {
    String key = key();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> records.acquire(key, "a", "fp", ttl))
        .withMessageContaining("lockTtlMillis");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> locks.acquire(key, "a", ttl))
        .withMessageContaining("ttlMillis");

    assertThat(records.acquire(key, "b", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());
    assertThat(locks.acquire(key, "b", 60_000)).isPresent();
    assertThatIllegalArgumentException().isThrownBy(() -> records.extend(key, "b", ttl));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> records.complete(key, "b", new byte[] {1}, ttl));
    assertThatIllegalArgumentException().isThrownBy(() -> locks.renew(key, "b", ttl));
  }

  @Test
  void the_largest_ttl_is_accepted() {
    String key = key();

    assertThat(records.acquire(key, "a", "fp", StoreLimits.MAX_TTL_MILLIS))
        .isEqualTo(new AcquireResult.Acquired());
    assertThat(records.complete(key, "a", new byte[] {1}, StoreLimits.MAX_TTL_MILLIS)).isTrue();
    assertThat(locks.acquire(key, "a", StoreLimits.MAX_TTL_MILLIS)).isPresent();
    assertThat(locks.renew(key, "a", StoreLimits.MAX_TTL_MILLIS)).isTrue();
  }

  @Test
  void keys_with_lone_surrogates_are_refused_so_they_cannot_collide() {
    String prefix = key();
    // both would be sent as prefix + "?" and share one row
    String high = prefix + "\uD800";
    String low = prefix + "\uDC00";

    assertThatIllegalArgumentException()
        .isThrownBy(() -> records.acquire(high, "a", "fp", 60_000))
        .withMessageContaining("surrogate");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> records.acquire(low, "b", "fp", 60_000))
        .withMessageContaining("surrogate");
    assertThatIllegalArgumentException().isThrownBy(() -> locks.acquire(high, "a", 60_000));
    assertThatIllegalArgumentException().isThrownBy(() -> locks.acquire(low + "x", "a", 60_000));
    assertThatIllegalArgumentException().isThrownBy(() -> records.release(high, "a"));
    assertThatIllegalArgumentException().isThrownBy(() -> locks.renew(low, "a", 60_000));
  }

  @Test
  void owners_and_fingerprints_with_lone_surrogates_are_refused() {
    String key = key();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> records.acquire(key, "owner\uD800", "fp", 60_000))
        .withMessageContaining("owner");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> records.acquire(key, "a", "fp\uDFFF", 60_000))
        .withMessageContaining("fingerprint");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> locks.acquire(key, "\uDC00owner", 60_000))
        .withMessageContaining("owner");

    assertThat(records.acquire(key, "a", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());
  }

  @Test
  void surrogate_pairs_are_valid_text_and_kept_apart() {
    String prefix = key();
    String grinning = prefix + "\uD83D\uDE00";
    String rocket = prefix + "\uD83D\uDE80";

    assertThat(records.acquire(grinning, "\uD83D\uDE00", "fp\uD83D\uDE00", 60_000))
        .isEqualTo(new AcquireResult.Acquired());
    assertThat(records.acquire(rocket, "b", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());
    assertThat(records.acquire(grinning, "c", "fp", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp\uD83D\uDE00"));
  }

  private static String key() {
    return "arguments:" + UUID.randomUUID();
  }
}
