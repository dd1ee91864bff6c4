package dev.fenced.store.jpa;

/** The lock contract on PostgreSQL through Hibernate. */
class HibernateLockStoreTest extends PostgresLockStoreContract {

  HibernateLockStoreTest() {
    super(Provider.HIBERNATE);
  }
}
