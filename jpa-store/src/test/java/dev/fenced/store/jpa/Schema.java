package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Applies the shipped DDL, as a user would. */
final class Schema {

  static final String DDL = FencedTables.SCRIPT;

  private Schema() {}

  static void apply(PostgresServer server) {
    apply(server, server.jdbcUrl());
  }

  static synchronized void apply(PostgresServer server, String jdbcUrl) {
    try (Connection connection = PostgresServerConnections.connect(server, jdbcUrl);
        Statement statement = connection.createStatement()) {
      // serializes concurrent test JVMs on one server: CREATE ... IF NOT EXISTS can still race
      statement.execute("SELECT pg_advisory_lock(4242)");
      try {
        statement.execute(ddl());
      } finally {
        statement.execute("SELECT pg_advisory_unlock(4242)");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot apply " + DDL + " on " + server, e);
    }
  }

  static String ddl() {
    try (InputStream in = Schema.class.getClassLoader().getResourceAsStream(DDL)) {
      if (in == null) {
        throw new IllegalStateException(DDL + " is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
