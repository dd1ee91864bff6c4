package dev.fenced.store.jpa;

import java.util.List;

/**
 * How the one statement of a store call reaches PostgreSQL: through a persistence unit ({@link
 * PersistenceUnitStatements}) or straight on a datasource ({@link DataSourceStatements}). Either
 * way the statement runs in a transaction of its own, bounded by the query timeout and by {@code
 * idle_in_transaction_session_timeout}; through a persistence unit pinned to READ COMMITTED as well
 * ({@link Calls#prelude}). Only {@link #updateInCallersTransaction} and {@link
 * #rowsInCallersTransaction} join the caller's transaction. Failures propagate as the provider,
 * pool or driver threw them, for {@link StoreFailures} to tell apart.
 */
interface StatementRunner {

  /**
   * The rows of a {@code SELECT}, or of a write with {@code RETURNING}, run in a transaction of its
   * own and committed.
   *
   * @param sql the statement, parameters numbered {@code ?1}, {@code ?2} ...
   * @param parameters the values of {@code ?1}, {@code ?2} ...
   * @return each row's columns
   */
  List<Object[]> rows(String sql, Object... parameters);

  /**
   * The rows an {@code UPDATE} or {@code DELETE} changed, run in a transaction of its own and
   * committed.
   *
   * @param sql the statement, parameters numbered {@code ?1}, {@code ?2} ...
   * @param parameters the values of {@code ?1}, {@code ?2} ...
   * @return how many rows it changed
   */
  int update(String sql, Object... parameters);

  /**
   * The rows an {@code UPDATE} changed, run as a statement of the transaction active on the calling
   * thread (JTA), committed or rolled back with it; bounded by the query timeout as a statement
   * setting, not by the prelude, which would change the caller's transaction.
   *
   * @param sql the statement, parameters numbered {@code ?1}, {@code ?2} ...
   * @param parameters the values of {@code ?1}, {@code ?2} ...
   * @return how many rows it changed
   * @throws IllegalStateException when no transaction can be joined
   */
  int updateInCallersTransaction(String sql, Object... parameters);

  /**
   * The rows of a write with {@code RETURNING} (or of a {@code WITH} around one), run as a
   * statement of the transaction active on the calling thread, as {@link
   * #updateInCallersTransaction}.
   *
   * @param sql the statement, parameters numbered {@code ?1}, {@code ?2} ...
   * @param parameters the values of {@code ?1}, {@code ?2} ...
   * @return each row's columns
   * @throws IllegalStateException when no transaction can be joined
   */
  List<Object[]> rowsInCallersTransaction(String sql, Object... parameters);
}
