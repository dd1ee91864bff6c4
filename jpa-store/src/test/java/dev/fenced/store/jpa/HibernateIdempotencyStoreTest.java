package dev.fenced.store.jpa;

/** The idempotency contract on PostgreSQL through Hibernate. */
class HibernateIdempotencyStoreTest extends PostgresIdempotencyStoreContract {

  HibernateIdempotencyStoreTest() {
    super(Provider.HIBERNATE);
  }
}
