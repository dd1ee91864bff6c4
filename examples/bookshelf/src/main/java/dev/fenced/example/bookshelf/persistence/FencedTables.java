package dev.fenced.example.bookshelf.persistence;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Creates Fenced's tables when a store is {@code jpa}, before Fenced's elections start, by running
 * the DDL the store ships (every statement is {@code IF NOT EXISTS}). A production application
 * applies that script with its migration tool instead.
 */
@ApplicationScoped
public class FencedTables {

  static final String DDL = "META-INF/fenced/postgresql/fenced_tables.sql";

  /** The advisory lock that serialises the DDL of instances starting together. */
  static final long DDL_LOCK = 0x66656e636564L;

  private static final Logger LOG = Logger.getLogger(FencedTables.class.getName());

  @Inject
  @ConfigProperty(name = "fenced.idempotency.store", defaultValue = "memory")
  String idempotencyStore;

  @Inject
  @ConfigProperty(name = "fenced.locks.store", defaultValue = "memory")
  String lockStore;

  @Resource(lookup = "java:jboss/datasources/FencedDS")
  DataSource dataSource;

  void create(
      @Observes
          @Priority(Interceptor.Priority.PLATFORM_BEFORE)
          @Initialized(ApplicationScoped.class)
          Object started)
      throws SQLException {
    if (!"jpa".equals(idempotencyStore) && !"jpa".equals(lockStore)) {
      return;
    }
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      // CREATE ... IF NOT EXISTS can still race: two instances starting at once take turns
      statement.execute("SELECT pg_advisory_lock(" + DDL_LOCK + ")");
      try {
        statement.execute(ddl());
      } finally {
        statement.execute("SELECT pg_advisory_unlock(" + DDL_LOCK + ")");
      }
    }
    LOG.info("Fenced's tables are ready (" + DDL + ")");
  }

  private static String ddl() {
    try (InputStream in = FencedTables.class.getClassLoader().getResourceAsStream(DDL)) {
      if (in == null) {
        throw new IllegalStateException(DDL + " is missing: is fenced-jpa-store in WEB-INF/lib?");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + DDL, e);
    }
  }
}
