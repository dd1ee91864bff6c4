package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;

/** Both store contracts on PostgreSQL through Hibernate. */
class HibernateContractsTest extends PostgresContracts {

  @Override
  EntityManagerFactory openFactory() {
    return onTestServer(Provider.HIBERNATE, PostgresServer::jdbcUrl);
  }
}
