package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code fenced.jpa.table-prefix} and {@code fenced.jpa.schema}: read from config, refused unless
 * plain PostgreSQL identifiers, and the DDL for any of them is the shipped migration with the
 * prefix in place; for the defaults, the shipped script itself.
 */
class FencedTablesTest {

  @Test
  void the_shipped_script_is_the_migration_with_the_default_prefix() {
    assertThat(FencedTables.DEFAULT.ddl()).isEqualTo(Schema.ddl());
  }

  @Test
  void the_ddl_for_a_prefix_and_schema_names_no_other_object() {
    String ddl = FencedTables.withPrefix("orders_").inSchema("sales").ddl();

    assertThat(ddl)
        .startsWith("-- in the schema sales")
        .contains("SET search_path TO sales;", "CREATE TABLE IF NOT EXISTS orders_idempotency")
        .contains("CREATE SEQUENCE IF NOT EXISTS orders_lock_token_seq")
        .contains("CREATE TABLE IF NOT EXISTS orders_high_water")
        .endsWith("RESET search_path;\n")
        .doesNotContain("fenced_idempotency", "fenced_locks", FencedTables.PREFIX_PLACEHOLDER);
  }

  @Test
  void the_names_carry_the_schema_and_the_prefix() {
    FencedTables tables = FencedTables.withPrefix("billing_").inSchema("shared");

    assertThat(tables.idempotency()).isEqualTo("shared.billing_idempotency");
    assertThat(tables.locks()).isEqualTo("shared.billing_locks");
    assertThat(tables.tokenSequence()).isEqualTo("shared.billing_lock_token_seq");
    assertThat(tables.highWater()).isEqualTo("shared.billing_high_water");
    assertThat(FencedTables.DEFAULT.idempotency()).isEqualTo("fenced_idempotency");
  }

  @Test
  void the_prefix_and_schema_are_read_from_config_with_defaults() {
    assertThat(StoreSettings.read(key -> null).tables()).isEqualTo(FencedTables.DEFAULT);
    assertThat(
            StoreSettings.read(
                    Map.of(FencedTables.TABLE_PREFIX, " orders_ ", FencedTables.SCHEMA, "  ")::get)
                .tables())
        .isEqualTo(FencedTables.withPrefix("orders_"));
    assertThat(
            StoreSettings.read(
                Map.of(FencedTables.SCHEMA, "sales", StoreSettings.QUERY_TIMEOUT, "2s")::get))
        .isEqualTo(
            new StoreSettings(
                2_000,
                StoreSettings.LOCK_PRUNE_GRACE_MILLIS,
                FencedTables.DEFAULT.inSchema("sales")));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Orders_",
        "orders-",
        "1orders",
        "orders_;drop table x",
        "\"orders\"",
        "orders.x_",
        "ördérs_",
        "orders _",
        "a23456789012345678901234567890123456789012" // 42 characters: a name would pass 63
      })
  void a_prefix_that_is_no_plain_identifier_fails_naming_the_key(String prefix) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StoreSettings.read(Map.of(FencedTables.TABLE_PREFIX, prefix)::get))
        .withMessageStartingWith("FENCED-D401: " + FencedTables.TABLE_PREFIX + "=" + prefix);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Sales",
        "sales;",
        "public.x",
        "select",
        "user",
        "sales\"",
        "a234567890123456789012345678901234567890123456789012345678901234"
      })
  void a_schema_that_is_no_plain_identifier_fails_naming_the_key(String schema) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StoreSettings.read(Map.of(FencedTables.SCHEMA, schema)::get))
        .withMessageStartingWith("FENCED-D401: " + FencedTables.SCHEMA + "=" + schema);
  }

  @Test
  void the_longest_accepted_prefix_keeps_every_name_within_63_characters() {
    String prefix = "p".repeat(41);

    assertThat(FencedTables.withPrefix(prefix).prefix()).hasSize(41);
    assertThat(prefix + "idempotency_expires_at").hasSize(PostgresIdentifier.MAX_LENGTH);
  }

  @Test
  void every_word_postgresql_reserves_is_refused() throws SQLException {
    PostgresServer server = PostgresServer.get();
    Set<String> reserved = new HashSet<>();
    try (Connection connection = server.connect();
        Statement statement = connection.createStatement();
        ResultSet words =
            statement.executeQuery(
                "SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'T')")) {
      while (words.next()) {
        reserved.add(words.getString(1));
      }
    }

    assertThat(reserved).isNotEmpty();
    assertThat(PostgresIdentifier.RESERVED).containsAll(reserved);
  }
}
