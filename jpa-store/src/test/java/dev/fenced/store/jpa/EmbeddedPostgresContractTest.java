package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;

/**
 * Both contracts on the embedded PostgreSQL from Maven, whatever {@code FENCED_TEST_POSTGRES_URL}
 * says: the path a machine without the URL and without Docker takes (Hibernate, pool of 16).
 */
class EmbeddedPostgresContractTest extends PostgresContracts {

  @Override
  EntityManagerFactory openFactory() {
    PostgresServer embedded = PostgresServer.embedded();
    Schema.apply(embedded);
    return Provider.HIBERNATE.open(embedded);
  }

  @Override
  boolean racesOnce() {
    return true;
  }

  @Override
  PostgresServer server() {
    return PostgresServer.embedded();
  }
}
