package dev.fenced.store.jpa;

/**
 * The idempotency contract, unchanged, on a database whose default isolation is REPEATABLE READ
 * (Hibernate): the store pins READ COMMITTED for its own statements.
 */
class RepeatableReadIdempotencyStoreTest extends PostgresIdempotencyStoreContract {
  RepeatableReadIdempotencyStoreTest() {
    super(Provider.HIBERNATE, TestDatabases::repeatableRead);
  }
}
