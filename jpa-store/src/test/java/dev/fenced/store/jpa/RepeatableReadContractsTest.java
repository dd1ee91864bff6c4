package dev.fenced.store.jpa;

import dev.fenced.locks.spi.LockStore;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.AfterAll;

/**
 * Both store contracts, unchanged, on a database whose default isolation is REPEATABLE READ: the
 * stores pin READ COMMITTED for their own statements. The idempotency store runs on Hibernate, the
 * lock store on EclipseLink, so each provider's pinning is checked once.
 */
class RepeatableReadContractsTest extends PostgresContracts {

  private EntityManagerFactory eclipseLink;

  @Override
  EntityManagerFactory openFactory() {
    return onTestServer(Provider.HIBERNATE, TestDatabases::repeatableRead);
  }

  @Override
  LockStore lockStore(EntityManagerFactory hibernate) {
    eclipseLink = onTestServer(Provider.ECLIPSELINK, TestDatabases::repeatableRead);
    return new JpaLockStore(eclipseLink);
  }

  @AfterAll
  void closeEclipseLink() {
    if (eclipseLink != null) {
      eclipseLink.close();
    }
  }

  @Override
  String databaseUrl() {
    return TestDatabases.repeatableRead(server());
  }
}
