package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code fenced.jpa.query-timeout} bounds every store statement: one that waits longer (here on a
 * row another transaction holds) is cancelled by PostgreSQL and the call fails closed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryTimeoutTest {

  private EntityManagerFactory factory;

  @BeforeAll
  void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.HIBERNATE.open(server);
  }

  @AfterAll
  void close() {
    if (factory != null) {
      factory.close();
    }
  }

  @Test
  void a_statement_that_waits_past_the_query_timeout_fails_closed_instead_of_hanging()
      throws Exception {
    String key = "query-timeout:" + UUID.randomUUID();
    JpaIdempotencyStore store = new JpaIdempotencyStore(factory, Duration.ofMillis(500));
    assertThat(store.acquire(key, "me", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());
    EntityManager holder = factory.createEntityManager();
    try {
      holder.getTransaction().begin();
      holder
          .createNativeQuery("SELECT 1 FROM fenced_idempotency WHERE key_hash = ?1 FOR UPDATE")
          .setParameter(1, PostgresStatements.keyHash(key))
          .getResultList();

      CompletableFuture<Boolean> extend =
          CompletableFuture.supplyAsync(() -> store.extend(key, "me", 60_000));

      assertThatThrownBy(() -> extend.get(30, TimeUnit.SECONDS))
          .hasCauseInstanceOf(StoreUnavailableException.class)
          .cause()
          .hasMessageContaining("statement timeout");
    } finally {
      holder.getTransaction().rollback();
      holder.close();
    }
    assertThat(store.extend(key, "me", 60_000)).isTrue();
  }

  @Test
  void the_query_timeout_is_read_from_config_with_a_default() {
    assertThat(StoreSettings.read(key -> null).queryTimeoutMillis()).isEqualTo(5_000);
    assertThat(
            StoreSettings.read(Map.of(StoreSettings.QUERY_TIMEOUT, " 750ms ")::get)
                .queryTimeoutMillis())
        .isEqualTo(750);
    assertThat(StoreSettings.read(Map.of(StoreSettings.QUERY_TIMEOUT, "2s")::get))
        .isEqualTo(new StoreSettings(2_000, StoreSettings.LOCK_PRUNE_GRACE_MILLIS));
    assertThat(
            StoreSettings.read(Map.of(StoreSettings.QUERY_TIMEOUT, "1m")::get).queryTimeoutMillis())
        .isEqualTo(60_000);
    assertThat(
            StoreSettings.read(Map.of(StoreSettings.QUERY_TIMEOUT, "PT1.5S")::get)
                .queryTimeoutMillis())
        .isEqualTo(1_500);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "0s", "-1s", "11m", "PT11M", "5 seconds", "5000", "1.5s"})
  void an_invalid_query_timeout_is_refused_naming_the_key(String value) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StoreSettings.read(Map.of(StoreSettings.QUERY_TIMEOUT, value)::get))
        .withMessageContaining("FENCED-D401: " + StoreSettings.QUERY_TIMEOUT + "=" + value);
  }
}
