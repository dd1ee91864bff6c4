package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Schemas of the test database that one test class owns: dropped (with everything in them) before
 * and after it, so a run that was cut short leaves nothing that changes the next one.
 */
final class TestSchemas {

  private TestSchemas() {}

  /** Runs {@code sql} as the test server's user. */
  static void run(String sql) {
    PostgresServer server = PostgresServer.get();
    try (Connection admin = PostgresServerConnections.connect(server, server.jdbcUrl());
        Statement statement = admin.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run on " + server + ": " + sql, e);
    }
  }

  /** Drops the schemas and everything in them. */
  static void drop(String... schemas) {
    for (String schema : schemas) {
      run("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
  }

  /** Creates an empty schema, dropping any left over. */
  static void recreate(String schema) {
    drop(schema);
    run("CREATE SCHEMA " + schema);
  }

  /**
   * A small Hibernate unit without schema validation (the default mapping's tables may be
   * elsewhere) on {@code jdbcUrl}.
   */
  static EntityManagerFactory open(String jdbcUrl) {
    Map<String, Object> properties = new HashMap<>();
    properties.put("hibernate.hbm2ddl.auto", "none");
    properties.put("hibernate.hikari.maximumPoolSize", "4");
    properties.put("hibernate.hikari.minimumIdle", "1");
    return Provider.HIBERNATE.open(PostgresServer.get(), jdbcUrl, properties);
  }
}
