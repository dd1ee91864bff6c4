package dev.fenced.store.jpa;

/** The idempotency contract on PostgreSQL through EclipseLink. */
class EclipseLinkIdempotencyStoreTest extends PostgresIdempotencyStoreContract {

  EclipseLinkIdempotencyStoreTest() {
    super(Provider.ECLIPSELINK);
  }
}
