package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import dev.fenced.tck.support.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Transactions run READ COMMITTED with the query timeout whatever the database's default; a
 * transient conflict (40001, 40P01, 55P03) is retried a bounded number of times, then reported as
 * contention by an acquire and as unavailability by the other calls; contention is never an outage.
 */
class StoreConflictTest {

  private static final Map<Provider, EntityManagerFactory> REPEATABLE_READ =
      new EnumMap<>(Provider.class);
  private static EntityManagerFactory factory;

  @BeforeAll
  static void open() {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    factory = Provider.HIBERNATE.open(server);
    String url = TestDatabases.repeatableRead(server);
    for (Provider provider : Provider.values()) {
      REPEATABLE_READ.put(provider, provider.open(server, url));
    }
  }

  @AfterAll
  static void close() {
    REPEATABLE_READ.values().forEach(EntityManagerFactory::close);
    if (factory != null) {
      factory.close();
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_store_transaction_runs_read_committed_with_the_query_timeout_on_a_repeatable_read_database(
      Provider provider) {
    Calls calls =
        new Calls(
            new ResourceLocalTransactions(REPEATABLE_READ.get(provider)), StoreSettings.of(4_321));

    Object[] settings =
        calls.run(
            "probe",
            em ->
                Columns.row(
                    em.createNativeQuery(
                            "SELECT current_setting('transaction_isolation'),"
                                + " current_setting('statement_timeout'),"
                                + " current_setting('default_transaction_isolation')")
                        .getSingleResult()));

    assertThat(settings[2]).as("the database's default").isEqualTo("repeatable read");
    assertThat(settings[0]).isEqualTo("read committed");
    assertThat(settings[1]).isEqualTo("4321ms");
  }

  @Test
  void an_acquire_that_keeps_losing_to_vanishing_records_reports_contention_not_an_outage() {
    String key = "vanishing:" + UUID.randomUUID();
    JpaIdempotencyStore others = new JpaIdempotencyStore(factory);
    AtomicInteger calls = new AtomicInteger();
    StoreTransactions real = new ResourceLocalTransactions(factory);
    // before each insert another caller takes the key; before each read it releases it again
    StoreTransactions racing =
        new StoreTransactions() {
          @Override
          public <T> T inNewTransaction(Function<EntityManager, T> work) {
            if (calls.getAndIncrement() % 2 == 0) {
              assertThat(others.acquire(key, "other", "fp-other", 60_000))
                  .isEqualTo(new AcquireResult.Acquired());
            } else {
              assertThat(others.release(key, "other")).isTrue();
            }
            return real.inNewTransaction(work);
          }
        };

    AcquireResult result =
        new JpaIdempotencyStore(racing, StoreSettings.DEFAULTS).acquire(key, "me", "fp", 60_000);

    assertThat(result).isEqualTo(new AcquireResult.InFlight("fp"));
    assertThat(calls).hasValue(2 * JpaIdempotencyStore.ACQUIRE_ATTEMPTS);
  }

  @Test
  void a_lock_acquire_refused_by_serialization_failures_reports_contention_after_bounded_retries() {
    AtomicInteger attempts = new AtomicInteger();
    JpaLockStore store = new JpaLockStore(refusing("40001", attempts), StoreSettings.DEFAULTS);

    assertThat(store.acquire("k", "o", 60_000)).isEmpty();
    assertThat(attempts).hasValue(Calls.CONFLICT_ATTEMPTS);
  }

  @Test
  void an_idempotency_acquire_refused_by_deadlocks_reports_contention_not_an_outage() {
    JpaIdempotencyStore store =
        new JpaIdempotencyStore(refusing("40P01", new AtomicInteger()), StoreSettings.DEFAULTS);

    assertThat(store.acquire("k", "o", "fp", 60_000)).isEqualTo(new AcquireResult.InFlight("fp"));
  }

  @Test
  void a_complete_refused_by_lock_timeouts_is_unavailable_after_bounded_retries() {
    AtomicInteger attempts = new AtomicInteger();
    JpaIdempotencyStore store =
        new JpaIdempotencyStore(refusing("55P03", attempts), StoreSettings.DEFAULTS);

    assertThatThrownBy(() -> store.complete("k", "o", new byte[] {1}, 60_000))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("55P03");
    assertThat(attempts).hasValue(Calls.CONFLICT_ATTEMPTS);
  }

  @Test
  void a_serialization_failure_once_is_retried_and_the_acquire_wins() {
    String key = "retried:" + UUID.randomUUID();
    StoreTransactions real = new ResourceLocalTransactions(factory);
    AtomicInteger attempts = new AtomicInteger();
    StoreTransactions failingOnce =
        new StoreTransactions() {
          @Override
          public <T> T inNewTransaction(Function<EntityManager, T> work) {
            if (attempts.getAndIncrement() == 0) {
              throw conflict("40001");
            }
            return real.inNewTransaction(work);
          }
        };

    assertThat(new JpaLockStore(failingOnce, StoreSettings.DEFAULTS).acquire(key, "o", 60_000))
        .isPresent();
    assertThat(attempts).hasValue(2);
  }

  @Test
  void conflict_states_are_neither_unavailable_nor_propagated_raw() {
    for (String state : new String[] {"40001", "40P01", "55P03"}) {
      assertThat(StoreFailures.transientConflict(conflict(state))).as(state).isTrue();
      assertThat(StoreFailures.unreachable(conflict(state))).as(state).isFalse();
    }
    assertThat(StoreFailures.transientConflict(conflict("23505"))).isFalse();
  }

  private static StoreTransactions refusing(String state, AtomicInteger attempts) {
    return new StoreTransactions() {
      @Override
      public <T> T inNewTransaction(Function<EntityManager, T> work) {
        attempts.incrementAndGet();
        throw conflict(state);
      }
    };
  }

  private static PersistenceException conflict(String state) {
    return new PersistenceException("refused", new SQLException("refused: " + state, state));
  }
}
