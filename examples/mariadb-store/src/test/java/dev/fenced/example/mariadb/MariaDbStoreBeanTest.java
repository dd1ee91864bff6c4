package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CDI bean built from its config: what its readiness reports, and calls on a bad setting. */
class MariaDbStoreBeanTest {

  @Test
  void the_bean_is_ready_on_a_database_with_the_tables() {
    MariaDbStoreBean bean = bean(Map.of(MariaDbSettings.URL, MariaDbTestServer.url()));
    try {
      Readiness readiness = bean.readiness();

      assertThat(readiness.state()).isEqualTo(Readiness.State.READY);
      assertThat(readiness.details()).containsKeys("version", "database");
    } finally {
      bean.close();
    }
  }

  @Test
  void a_missing_url_makes_the_bean_not_set_up_naming_the_key() {
    MariaDbStoreBean bean = bean(Map.of());

    assertThat(bean.readiness())
        .extracting(Readiness::state, Readiness::reason)
        .containsExactly(
            Readiness.State.NOT_SET_UP,
            "FENCED-D401: fenced.mariadb.url= is not set: the MariaDB store needs it, e.g."
                + " fenced.mariadb.url=jdbc:mariadb://localhost:3306/app");
  }

  @Test
  void a_store_call_on_an_invalid_setting_fails_closed_naming_the_key() {
    MariaDbStoreBean bean =
        bean(Map.of(MariaDbSettings.URL, "jdbc:mariadb://db/app", MariaDbSettings.TIMEOUT, "0"));

    assertThatThrownBy(() -> bean.acquire("key", "owner", "fp", 1000))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageStartingWith("FENCED-D401: fenced.mariadb.timeout=0 is not a duration");
  }

  @Test
  void a_database_without_the_tables_is_not_set_up_and_the_reason_says_how_to_create_them() {
    MariaDbStoreBean bean =
        bean(Map.of(MariaDbSettings.URL, MariaDbTestServer.emptyDatabase("fenced_empty")));
    try {
      Readiness readiness = bean.readiness();

      assertThat(readiness.state()).isEqualTo(Readiness.State.NOT_SET_UP);
      assertThat(readiness.reason())
          .contains("lacks fenced_idempotency, fenced_locks, fenced_token_seq")
          .contains("META-INF/fenced/mariadb/fenced_tables.sql", "MariaDbTables.create");
    } finally {
      bean.close();
    }
  }

  @Test
  void an_unreachable_database_is_unavailable() {
    MariaDbStoreBean bean =
        bean(
            Map.of(
                MariaDbSettings.URL,
                UnreachableMariaDbContractsTest.NOWHERE,
                MariaDbSettings.TIMEOUT,
                "1s"));
    try {
      assertThat(bean.readiness())
          .extracting(Readiness::state)
          .isEqualTo(Readiness.State.UNAVAILABLE);
    } finally {
      bean.close();
    }
  }

  @Test
  void a_server_that_is_not_mariadb_10_5_or_later_is_not_set_up() {
    assertThat(MariaDbReadiness.judge("10.4.34-MariaDB", "app", null).reason())
        .contains("the server is 10.4.34-MariaDB; the store needs MariaDB 10.5 or later");
    assertThat(MariaDbReadiness.judge("8.0.36", "app", null).state())
        .isEqualTo(Readiness.State.NOT_SET_UP);
    assertThat(
            MariaDbReadiness.judge(
                    "11.4.5-MariaDB", "app", "fenced_idempotency,fenced_locks,fenced_token_seq")
                .state())
        .isEqualTo(Readiness.State.READY);
  }

  private static MariaDbStoreBean bean(Map<String, String> config) {
    return new MariaDbStoreBean(TestConfig.of(config));
  }
}
