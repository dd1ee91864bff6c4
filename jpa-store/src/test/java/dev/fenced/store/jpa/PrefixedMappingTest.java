package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The entities map the default names; an {@code orm.xml} of the application's own that overrides
 * their tables (the one {@code docs/guide/database.md} shows) lets Hibernate validate the tables of
 * another prefix and schema. Real PostgreSQL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PrefixedMappingTest {

  private static final String SCHEMA = "fenced_prefixed_mapping";

  @BeforeAll
  void createTheTables() {
    TestSchemas.recreate(SCHEMA);
    TestSchemas.run(FencedTables.withPrefix("orders_").inSchema(SCHEMA).ddl());
  }

  @AfterAll
  void dropThem() {
    TestSchemas.drop(SCHEMA);
  }

  @Test
  void an_orm_xml_that_overrides_the_tables_validates_another_prefix_and_schema() {
    PostgresServer server = PostgresServer.get();
    Map<String, Object> properties = new HashMap<>();
    properties.put("jakarta.persistence.jdbc.url", server.jdbcUrl());
    if (server.user() != null) {
      properties.put("jakarta.persistence.jdbc.user", server.user());
    }
    if (server.password() != null) {
      properties.put("jakarta.persistence.jdbc.password", server.password());
    }

    // hibernate.hbm2ddl.auto=validate: opening fails unless both tables match their entities
    EntityManagerFactory unit =
        Persistence.createEntityManagerFactory("fenced-hibernate-orders", properties);
    try {
      assertThat(unit.isOpen()).isTrue();
    } finally {
      unit.close();
    }
  }
}
