package dev.fenced.example.mariadb;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.tck.store.IdempotencyRecordAdministrationContract;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.store.LockAdministrationContract;
import dev.fenced.tck.store.LockStoreContract;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * Both store contracts on MariaDB ({@link MariaDbTestServer}), twice: on the plain stores (with the
 * two administration contracts), built on a datasource the test gives them (the driver's unpooled
 * one: a connection per call), and on the CDI bean as a server builds it from its config, on the
 * store's own pool, whose one {@code release} (a multi-table {@code UPDATE}) both suites check. The
 * bean's racing callers are four times its pool's connections, so they queue for connections as
 * well as for rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbContractsTest {

  private static final int POOL_SIZE = 8;

  private MariaDbIdempotencyStore records;
  private MariaDbLockStore locks;
  private MariaDbStoreBean bean;

  @BeforeAll
  void open() {
    String url = MariaDbTestServer.url();
    MariaDbDataSource dataSource = MariaDbTestServer.dataSource(url);
    records = new MariaDbIdempotencyStore(dataSource, Duration.ofSeconds(5));
    locks = new MariaDbLockStore(dataSource, Duration.ofSeconds(5));
    bean =
        new MariaDbStoreBean(
            TestConfig.of(
                Map.of(MariaDbSettings.URL, url, MariaDbSettings.POOL_SIZE, "" + POOL_SIZE)));
  }

  @AfterAll
  void close() {
    if (bean != null) {
      bean.close();
    }
  }

  @Nested
  class Idempotency extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return records;
    }
  }

  @Nested
  class Locks extends LockStoreContract {
    @Override
    protected LockStore store() {
      return locks;
    }
  }

  /**
   * The administration SPI on the plain store; its listing reads every record in flight, so the
   * records the other suites leave in the database do not disturb it.
   */
  @Nested
  class RecordAdministration
      extends IdempotencyRecordAdministrationContract<MariaDbIdempotencyStore> {
    @Override
    protected MariaDbIdempotencyStore store() {
      return records;
    }
  }

  /** The administration SPI on the plain store, {@code forceRelease} its one transaction. */
  @Nested
  class LockAdministration extends LockAdministrationContract<MariaDbLockStore> {
    @Override
    protected MariaDbLockStore store() {
      return locks;
    }
  }

  /** The same SQL but for {@code release}: the races run fewer rounds. */
  @Nested
  class BeanIdempotency extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStore store() {
      return bean;
    }

    @Override
    protected int raceRounds() {
      return 2;
    }

    @Override
    protected int concurrency() {
      return 4 * POOL_SIZE;
    }
  }

  /** The same SQL but for {@code release}: the races run fewer rounds. */
  @Nested
  class BeanLocks extends LockStoreContract {
    @Override
    protected LockStore store() {
      return bean;
    }

    @Override
    protected int raceRounds() {
      return 2;
    }

    @Override
    protected int concurrency() {
      return 4 * POOL_SIZE;
    }
  }
}
