package dev.fenced.store.jpa;

/**
 * The lock contract, unchanged, on a database whose default isolation is REPEATABLE READ
 * (EclipseLink): the store pins READ COMMITTED for its own statements.
 */
class RepeatableReadLockStoreTest extends PostgresLockStoreContract {
  RepeatableReadLockStoreTest() {
    super(Provider.ECLIPSELINK, TestDatabases::repeatableRead);
  }
}
