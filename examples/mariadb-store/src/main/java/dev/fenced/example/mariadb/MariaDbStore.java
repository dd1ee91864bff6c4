package dev.fenced.example.mariadb;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.store.spi.CombinedStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Both stores on one datasource as one {@link CombinedStore}: the idempotency methods go to a
 * {@link MariaDbIdempotencyStore}, the lock methods to a {@link MariaDbLockStore}. Its one {@code
 * release(key, owner)} is one statement (a multi-table {@code UPDATE}) that frees the owner's live
 * idempotency lock and the owner's live lock on the key, as each half's {@code release} does (the
 * row expires now and loses its owner; a lock keeps its token); owners are unique per acquisition,
 * so the half the owner does not hold matches nothing.
 *
 * <p>It supports {@code FencedAdmin}: its halves implement the administration SPIs ({@link
 * MariaDbIdempotencyStore} {@code IdempotencyRecordAdministration}, {@link MariaDbLockStore} {@code
 * LockAdministration}), which Fenced finds on the halves of a {@link CombinedStore}.
 *
 * <p>{@link #open} builds the store on a pool of its own (HikariCP over Connector/J's unpooled
 * {@link MariaDbDataSource}; not the driver's own {@code MariaDbPoolDataSource}, which loses
 * connections under contention in 3.4.1 and 3.5.7), which {@link #close} closes; the constructor
 * takes any {@link DataSource} of the store's own (never a container's JTA datasource: see {@link
 * MariaDbIdempotencyStore}) and leaves it open.
 */
public final class MariaDbStore implements CombinedStore, StoreReadiness, AutoCloseable {

  /** HikariCP's shortest wait for a connection and for its validation, in milliseconds. */
  private static final long MIN_WAIT_MILLIS = 250;

  private final JdbcCalls calls;
  private final MariaDbIdempotencyStore records;
  private final MariaDbLockStore locks;
  private final HikariDataSource ownPool;

  /**
   * Both stores on {@code dataSource}, which the caller closes.
   *
   * @param dataSource a datasource of the store's own, on a database with {@link MariaDbTables}
   * @param statementTimeout how long MariaDB lets one statement run ({@code max_statement_time}),
   *     at most {@value MariaDbSettings#MAX_TIMEOUT_MILLIS} ms
   */
  public MariaDbStore(DataSource dataSource, Duration statementTimeout) {
    this(new JdbcCalls(Connections.of(dataSource), statementTimeout), null);
  }

  private MariaDbStore(JdbcCalls calls, HikariDataSource ownPool) {
    this.calls = calls;
    this.records = new MariaDbIdempotencyStore(calls);
    this.locks = new MariaDbLockStore(calls);
    this.ownPool = ownPool;
  }

  /**
   * Both stores on a pool of their own, which {@link #close} closes. Nothing connects yet: the pool
   * opens connections when calls need them.
   *
   * @param settings the URL, credentials, pool size and timeout
   * @return the store
   * @throws IllegalArgumentException when the driver refuses the URL
   */
  public static MariaDbStore open(MariaDbSettings settings) {
    MariaDbDataSource driver = new MariaDbDataSource();
    try {
      driver.setUrl(settings.driverUrl());
      if (settings.user() != null) {
        driver.setUser(settings.user());
      }
      if (settings.password() != null) {
        driver.setPassword(settings.password());
      }
    } catch (SQLException e) {
      throw new IllegalArgumentException(
          "MariaDB store: the driver refuses "
              + MariaDbSettings.redacted(settings.url())
              + ": "
              + e.getMessage(),
          e);
    }
    HikariDataSource pool = new HikariDataSource(poolOf(driver, settings));
    return new MariaDbStore(new JdbcCalls(Connections.of(pool), settings.timeout()), pool);
  }

  /**
   * At most {@code pool-size} connections, none kept open while idle for 10 minutes (before
   * MariaDB's {@code wait_timeout}), a call waiting at most the timeout for one (HikariCP's floor:
   * 250 ms). Built while MariaDB is down, the pool neither blocks nor fails: its calls do, with
   * {@link StoreUnavailableException}.
   */
  private static HikariConfig poolOf(MariaDbDataSource driver, MariaDbSettings settings) {
    long waitMillis = Math.max(MIN_WAIT_MILLIS, settings.timeout().toMillis());
    HikariConfig config = new HikariConfig();
    config.setPoolName("fenced-mariadb");
    config.setDataSource(driver);
    config.setMaximumPoolSize(settings.poolSize());
    config.setMinimumIdle(0);
    config.setConnectionTimeout(waitMillis);
    config.setValidationTimeout(MIN_WAIT_MILLIS);
    config.setInitializationFailTimeout(-1);
    return config;
  }

  @Override
  public MariaDbIdempotencyStore idempotencyStore() {
    return records;
  }

  @Override
  public MariaDbLockStore lockStore() {
    return locks;
  }

  @Override
  public boolean release(String key, String owner) {
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    return calls.update(
            "release",
            MariaDbSql.RELEASE_EITHER,
            stored.hash(),
            ownerBytes,
            stored.hash(),
            ownerBytes)
        > 0;
  }

  /**
   * Ready when MariaDB 10.5 or later answers within the timeout and holds the tables and the
   * sequence; {@link Readiness.State#UNAVAILABLE} when it cannot be reached; {@link
   * Readiness.State#NOT_SET_UP} when it is too old or an object is missing (the reason names them
   * and says how to create them).
   */
  @Override
  public Readiness readiness() {
    return MariaDbReadiness.check(calls);
  }

  /**
   * Closes the pool that {@link #open} built, after which calls throw {@link
   * StoreUnavailableException}; a datasource given to the constructor stays open, and usable.
   */
  @Override
  public void close() {
    if (ownPool != null) {
      ownPool.close();
    }
  }
}
