package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.ClaimEndSignalsContract;
import dev.fenced.tck.store.CompletionWithWorkContract;
import dev.fenced.tck.store.IdempotencyRecordAdministrationContract;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockAdministrationContract;
import dev.fenced.tck.store.LockStoreContract;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/**
 * The store contracts on PostgreSQL, as the {@code @Nested} groups {@code Idempotency}, {@code
 * WithWork} (on {@link ThreadCallersTransactions}), {@code Locks}, {@code RecordAdministration} and
 * {@code LockAdministration} of one test class per JPA provider or setup. The subclass opens the
 * factory (and may build its own stores on it); the racing callers (at least twice the pool of
 * {@value Provider#POOL_SIZE}) are the same for every provider, and so is the timing: a ttl of 500
 * ms and a slack of 250 ms, set for the whole module in its {@code pom.xml} ({@code
 * fenced.tck.short-ttl-millis}, {@code fenced.tck.slack-millis}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PostgresContracts {

  private EntityManagerFactory factory;
  private IdempotencyStore idempotencyStore;
  private LockStore lockStore;
  private ThreadCallersTransactions callers;
  private JpaStore withWorkStore;
  private JpaIdempotencyStore signallingStore;
  private HikariDataSource otherPool;
  private JpaIdempotencyStore otherInstance;

  /**
   * Opens the factory the stores use, on a database with the schema applied.
   *
   * @return the factory, closed after the tests
   */
  abstract EntityManagerFactory openFactory();

  /**
   * The idempotency store under test.
   *
   * @param factory the factory of {@link #openFactory()}
   * @return a {@link JpaIdempotencyStore} unless overridden
   */
  IdempotencyStore idempotencyStore(EntityManagerFactory factory) {
    return new JpaIdempotencyStore(factory);
  }

  /**
   * The lock store under test.
   *
   * @param factory the factory of {@link #openFactory()}
   * @return a {@link JpaLockStore} unless overridden
   */
  LockStore lockStore(EntityManagerFactory factory) {
    return new JpaLockStore(factory);
  }

  /**
   * The server of {@link #openFactory()}'s database.
   *
   * @return the shared test server unless overridden
   */
  PostgresServer server() {
    return PostgresServer.get();
  }

  /**
   * The JDBC URL of {@link #openFactory()}'s database.
   *
   * @return the server's own database unless overridden
   */
  String databaseUrl() {
    return server().jdbcUrl();
  }

  /**
   * The store whose watches the {@code Signals} contract opens.
   *
   * @param factory the factory of {@link #openFactory()}
   * @return the idempotency store under test when it is a {@link JpaIdempotencyStore}, else one on
   *     {@code factory}, which listens on a connection to the unit's JDBC URL
   */
  JpaIdempotencyStore signallingStore(EntityManagerFactory factory) {
    return idempotencyStore instanceof JpaIdempotencyStore store
        ? store
        : new JpaIdempotencyStore(factory);
  }

  /**
   * A factory on the shared test server ({@code FENCED_TEST_POSTGRES_URL}, else Testcontainers,
   * else the embedded binary).
   *
   * @param provider the JPA provider
   * @param database the JDBC URL of the database to run on, given the test server
   * @return the factory, on a database with the schema applied
   */
  static EntityManagerFactory onTestServer(
      Provider provider, Function<PostgresServer, String> database) {
    PostgresServer server = PostgresServer.get();
    String url = database.apply(server);
    Schema.apply(server, url);
    return provider.open(server, url);
  }

  /**
   * Whether the contracts' races run one round here instead of the default. The SQL is the same in
   * every set-up, so the reference set-ups (Hibernate on the test server, on a REPEATABLE READ
   * database, and a datasource on the test server) race every round, and a set-up that only changes
   * the provider, the server or combines them races once.
   *
   * @return false unless overridden
   */
  boolean racesOnce() {
    return false;
  }

  @BeforeAll
  void open() {
    factory = openFactory();
    idempotencyStore = idempotencyStore(factory);
    lockStore = lockStore(factory);
    callers = new ThreadCallersTransactions(factory);
    withWorkStore = new JpaStore(callers, StoreSettings.DEFAULTS);
    signallingStore = signallingStore(factory);
    // another application server: a pool of its own on the same database
    otherPool = TestDataSources.pool(server(), databaseUrl(), true, 2);
    otherInstance = new JpaIdempotencyStore(otherPool);
  }

  @AfterAll
  void close() {
    if (signallingStore != null) {
      signallingStore.close();
    }
    if (otherPool != null) {
      otherPool.close();
    }
    if (factory != null) {
      factory.close();
    }
  }

  @Nested
  class Idempotency extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return idempotencyStore;
    }

    @Override
    protected int raceRounds() {
      return racesOnce() ? 1 : super.raceRounds();
    }

    @Override
    protected int concurrency() {
      return Math.max(2 * Provider.POOL_SIZE, super.concurrency());
    }
  }

  @Nested
  class WithWork extends CompletionWithWorkContract<JpaStore> {
    @Override
    protected JpaStore store() {
      return withWorkStore;
    }

    @Override
    protected CallersTransaction begin() {
      return callers.begin();
    }
  }

  @Nested
  class Signals extends ClaimEndSignalsContract<JpaIdempotencyStore> {
    @Override
    protected JpaIdempotencyStore store() {
      return signallingStore;
    }

    @Override
    protected IdempotencyStore otherInstance() {
      return otherInstance;
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    @Override
    protected LockStore store() {
      return lockStore;
    }

    @Override
    protected int raceRounds() {
      return racesOnce() ? 1 : super.raceRounds();
    }

    @Override
    protected int concurrency() {
      return Math.max(2 * Provider.POOL_SIZE, super.concurrency());
    }
  }

  @Nested
  class RecordAdministration extends IdempotencyRecordAdministrationContract<JpaIdempotencyStore> {
    @Override
    protected JpaIdempotencyStore store() {
      return withWorkStore.idempotencyStore();
    }
  }

  @Nested
  class LockAdministration extends LockAdministrationContract<JpaLockStore> {
    @Override
    protected JpaLockStore store() {
      return withWorkStore.lockStore();
    }
  }
}
