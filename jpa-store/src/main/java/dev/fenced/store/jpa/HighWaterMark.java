package dev.fenced.store.jpa;

/**
 * The high-water mark of fenced resources, on the connection of the caller's transaction: {@link
 * EntityManagerHighWaterMark} or {@link JdbcHighWaterMark}.
 */
interface HighWaterMark {

  /** ?1 resource, ?2 token; a row when the token was admitted. */
  String RAISE =
      "INSERT INTO fenced_high_water (resource, token, admitted_at)"
          + " VALUES (?1, ?2, clock_timestamp())"
          + " ON CONFLICT (resource) DO UPDATE SET token = EXCLUDED.token,"
          + " admitted_at = EXCLUDED.admitted_at"
          + " WHERE fenced_high_water.token <= EXCLUDED.token"
          + " RETURNING token";

  /** What a caller outside a transaction is told. */
  String NO_TRANSACTION =
      "PostgresFence.admit needs the transaction of the write it guards: call it inside a JTA"
          + " transaction (an EJB method, a @Transactional method), an active EntityTransaction or"
          + " on a connection with auto-commit off";

  /**
   * Raises {@code resource}'s mark to {@code token} unless it is higher, in the caller's
   * transaction.
   *
   * @return whether {@code token} was admitted
   * @throws IllegalStateException when no transaction is active
   */
  boolean raise(String resource, long token, long queryTimeoutMillis);

  /** Marks the caller's transaction for rollback, where it can be reached. */
  void markRollbackOnly();
}
