package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.StoreUnavailableException;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A database that cannot be reached throws StoreUnavailableException, so the engines fail closed.
 */
class StoreUnavailableTest {

  private static final String NOWHERE = "jdbc:postgresql://127.0.0.1:1/nowhere?connectTimeout=2";

  @Test
  void an_unreachable_database_on_eclipselink_is_store_unavailable() {
    EntityManagerFactory factory =
        Persistence.createEntityManagerFactory(
            "fenced-eclipselink",
            Map.of(
                "jakarta.persistence.jdbc.url",
                NOWHERE,
                "jakarta.persistence.jdbc.user",
                "nobody"));
    try {
      assertThatThrownBy(() -> new JpaLockStore(factory).acquire("k", "o", 1_000))
          .isInstanceOf(StoreUnavailableException.class);
      assertThatThrownBy(() -> new JpaIdempotencyStore(factory).acquire("k", "o", "fp", 1_000))
          .isInstanceOf(StoreUnavailableException.class);
    } finally {
      factory.close();
    }
  }

  @Test
  void an_unreachable_database_on_hibernate_is_store_unavailable() {
    EntityManagerFactory factory =
        Persistence.createEntityManagerFactory(
            "fenced-hibernate",
            Map.of(
                "jakarta.persistence.jdbc.url", NOWHERE,
                "jakarta.persistence.jdbc.user", "nobody",
                "hibernate.hbm2ddl.auto", "none",
                "hibernate.boot.allow_jdbc_metadata_access", "false",
                "hibernate.dialect", "org.hibernate.dialect.PostgreSQLDialect",
                "hibernate.hikari.minimumIdle", "0",
                "hibernate.hikari.initializationFailTimeout", "-1",
                "hibernate.hikari.connectionTimeout", "2000"));
    try {
      assertThatThrownBy(() -> new JpaIdempotencyStore(factory).release("k", "o"))
          .isInstanceOf(StoreUnavailableException.class);
    } finally {
      factory.close();
    }
  }

  @Test
  void connection_states_are_unavailable_and_other_sql_errors_propagate() {
    RuntimeException missingTable = failure(new SQLException("no table", "42P01"));
    assertThat(StoreFailures.translate("acquire", missingTable)).isSameAs(missingTable);
    for (String state : new String[] {"08006", "08001", "57P01", "57P03", "53300", "57014"}) {
      assertThat(StoreFailures.translate("acquire", failure(new SQLException("down", state))))
          .as(state)
          .isInstanceOf(StoreUnavailableException.class);
    }
    assertThat(
            StoreFailures.translate(
                "acquire", failure(new SQLTransientConnectionException("pool timeout"))))
        .isInstanceOf(StoreUnavailableException.class);
  }

  private static RuntimeException failure(SQLException cause) {
    return new PersistenceException("wrapped", cause);
  }
}
