package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;

/**
 * Both store contracts on PostgreSQL through EclipseLink, racing one round (the SQL is the same).
 */
class EclipseLinkContractsTest extends PostgresContracts {

  @Override
  EntityManagerFactory openFactory() {
    return onTestServer(Provider.ECLIPSELINK, PostgresServer::jdbcUrl);
  }

  @Override
  boolean racesOnce() {
    return true;
  }
}
