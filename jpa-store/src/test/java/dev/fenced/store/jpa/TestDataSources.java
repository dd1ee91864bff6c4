package dev.fenced.store.jpa;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.testservers.PostgresServer;

/**
 * Connection pools for the stores on a datasource: HikariCP, as an application in Java SE would
 * give them, {@value Provider#POOL_SIZE} connections like the persistence units of {@link
 * Provider}. The caller closes the pool.
 */
final class TestDataSources {

  private TestDataSources() {}

  /**
   * A pool on {@code server}'s database at {@code jdbcUrl}, in auto-commit (HikariCP's default).
   */
  static HikariDataSource pool(PostgresServer server, String jdbcUrl) {
    return pool(server, jdbcUrl, true, Provider.POOL_SIZE);
  }

  /**
   * A pool of {@code size} connections on {@code server}'s database at {@code jdbcUrl}, auto-commit
   * on or off.
   */
  static HikariDataSource pool(
      PostgresServer server, String jdbcUrl, boolean autoCommit, int size) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    if (server.user() != null) {
      config.setUsername(server.user());
    }
    if (server.password() != null) {
      config.setPassword(server.password());
    }
    config.setMaximumPoolSize(size);
    config.setAutoCommit(autoCommit);
    config.setPoolName("fenced-test-" + (autoCommit ? "auto-commit" : "transactions"));
    return new HikariDataSource(config);
  }
}
