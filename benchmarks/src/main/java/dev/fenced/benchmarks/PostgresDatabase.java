package dev.fenced.benchmarks;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.store.jpa.FencedTables;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The PostgreSQL database every PostgreSQL benchmark of one trial shares: the server {@link
 * PostgresServer#get()} names ({@code FENCED_TEST_POSTGRES_URL}, else an embedded one), the Fenced
 * tables created by the shipped script ({@link FencedTables#ddl()}, as the store's tests do) and
 * ShedLock's table, and three pools of {@value #POOL_SIZE} connections: Hibernate's (HikariCP, the
 * unit {@code fenced-benchmarks} of {@code META-INF/persistence.xml}) for Fenced's stores on a
 * persistence unit, a plain HikariCP pool in auto-commit for Fenced's stores on a datasource, and
 * another for the bare statements and ShedLock. Every key of the trial starts with a random run id,
 * and the trial's rows are deleted and the tables vacuumed after it.
 */
@State(Scope.Benchmark)
public class PostgresDatabase {

  /** Connections of each pool, as in the JPA store's tests. */
  public static final int POOL_SIZE = 16;

  /** ShedLock's table, as its README gives it for PostgreSQL. */
  static final String SHEDLOCK_DDL =
      "CREATE TABLE IF NOT EXISTS shedlock (name VARCHAR(64) NOT NULL,"
          + " lock_until TIMESTAMP NOT NULL, locked_at TIMESTAMP NOT NULL,"
          + " locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))";

  EntityManagerFactory fencedUnit;
  HikariDataSource fencedPool;
  HikariDataSource sharedPool;
  HikariDataSource pool;

  @Setup(Level.Trial)
  public void open() throws SQLException {
    PostgresServer server = PostgresServer.get();
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement()) {
      // the lock the store's tests take around the script: CREATE ... IF NOT EXISTS can race
      statement.execute("SELECT pg_advisory_lock(4242)");
      try {
        statement.execute(FencedTables.DEFAULT.ddl());
        statement.execute(SHEDLOCK_DDL);
      } finally {
        statement.execute("SELECT pg_advisory_unlock(4242)");
      }
    }
    Map<String, Object> properties = new HashMap<>();
    properties.put("jakarta.persistence.jdbc.url", server.jdbcUrl());
    if (server.user() != null) {
      properties.put("jakarta.persistence.jdbc.user", server.user());
    }
    if (server.password() != null) {
      properties.put("jakarta.persistence.jdbc.password", server.password());
    }
    fencedUnit = Persistence.createEntityManagerFactory("fenced-benchmarks", properties);
    fencedPool = autoCommitPool(server, "fenced-datasource");
    sharedPool = autoCommitPool(server, "fenced-shared-datasource");
    pool = autoCommitPool(server, "bare-statements");
  }

  /** A HikariCP pool of {@value #POOL_SIZE} connections in auto-commit to {@code server}. */
  static HikariDataSource autoCommitPool(PostgresServer server, String name) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(server.jdbcUrl());
    if (server.user() != null) {
      config.setUsername(server.user());
    }
    if (server.password() != null) {
      config.setPassword(server.password());
    }
    config.setMaximumPoolSize(POOL_SIZE);
    config.setMinimumIdle(POOL_SIZE);
    config.setAutoCommit(true);
    config.setPoolName(name);
    return new HikariDataSource(config);
  }

  @TearDown(Level.Trial)
  public void close() throws SQLException {
    try (Connection connection = pool.getConnection()) {
      deleteRows(connection, "DELETE FROM fenced_idempotency WHERE key LIKE ?");
      deleteRows(connection, "DELETE FROM fenced_locks WHERE key LIKE ?");
      deleteRows(connection, "DELETE FROM shedlock WHERE name LIKE ?");
      vacuum(connection);
    } finally {
      fencedUnit.close();
      fencedPool.close();
      sharedPool.close();
      pool.close();
    }
  }

  /**
   * Reclaims the dead rows the trial left (a lock trial updates its rows thousands of times a
   * second). The store's tests use the same tables, and where autovacuum is off (as on the machines
   * this project is built on) three million dead rows in {@code fenced_locks} made their prune
   * statements walk the {@code expires_at} index past the query timeout.
   */
  private static void vacuum(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String table : new String[] {"fenced_locks", "fenced_idempotency", "shedlock"}) {
        statement.execute("VACUUM " + table);
      }
    }
  }

  private void deleteRows(Connection connection, String sql) throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(sql)) {
      // every key and lock name of this JVM's run starts with it (KeySpace)
      delete.setString(1, KeySpace.RUN + "%");
      delete.executeUpdate();
    }
  }
}
