package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

/**
 * Which database failures mean "cannot be reached" (StoreUnavailableException, so the engines fail
 * closed) and which propagate as they are. The stores on an unreachable database are {@link
 * UnreachablePostgresContractsTest}.
 */
class StoreUnavailableTest {

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
