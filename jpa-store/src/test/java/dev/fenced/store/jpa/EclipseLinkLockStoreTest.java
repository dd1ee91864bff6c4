package dev.fenced.store.jpa;

/** The lock contract on PostgreSQL through EclipseLink. */
class EclipseLinkLockStoreTest extends PostgresLockStoreContract {

  EclipseLinkLockStoreTest() {
    super(Provider.ECLIPSELINK);
  }
}
