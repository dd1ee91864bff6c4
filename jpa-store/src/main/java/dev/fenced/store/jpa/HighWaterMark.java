package dev.fenced.store.jpa;

/**
 * The high-water mark of fenced resources, on the connection of the caller's transaction: {@link
 * EntityManagerHighWaterMark} or {@link JdbcHighWaterMark}.
 */
interface HighWaterMark {

  /** What a caller outside a transaction is told. */
  String NO_TRANSACTION =
      "PostgresFence.admit needs the transaction of the write it guards: call it inside a JTA"
          + " transaction (an EJB method, a @Transactional method), an active EntityTransaction or"
          + " on a connection with auto-commit off";

  /**
   * Raises {@code resource}'s mark to {@code token} unless it is higher, in the caller's
   * transaction.
   *
   * @param raise {@link PostgresStatements#raiseHighWater}, on the fence's table
   * @return whether {@code token} was admitted
   * @throws IllegalStateException when no transaction is active
   */
  boolean raise(String raise, String resource, long token, long queryTimeoutMillis);

  /** Marks the caller's transaction for rollback, where it can be reached. */
  void markRollbackOnly();
}
