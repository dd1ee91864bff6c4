package dev.fenced.store.jpa;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.List;
import java.util.Objects;

/**
 * {@link StatementRunner} through a persistence unit's native queries, as JPA allows: each call a
 * transaction of {@link StoreTransactions} on a new entity manager, the prelude in one round trip,
 * the statement in a second, the {@code COMMIT} in a third.
 */
final class PersistenceUnitStatements implements StatementRunner {

  private final StoreTransactions transactions;
  private final String prelude;
  private final int queryTimeoutMillis;

  PersistenceUnitStatements(StoreTransactions transactions, StoreSettings settings) {
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.prelude = Calls.prelude(settings);
    this.queryTimeoutMillis = (int) settings.queryTimeoutMillis();
  }

  @Override
  public List<Object[]> rows(String sql, Object... parameters) {
    return transactions.inNewTransaction(
        em -> {
          em.createNativeQuery(prelude).executeUpdate();
          List<?> rows = query(em, sql, parameters).getResultList();
          return rows.stream().map(Columns::row).toList();
        });
  }

  @Override
  public int update(String sql, Object... parameters) {
    return transactions.inNewTransaction(
        em -> {
          em.createNativeQuery(prelude).executeUpdate();
          return query(em, sql, parameters).executeUpdate();
        });
  }

  @Override
  public int updateInCallersTransaction(String sql, Object... parameters) {
    return transactions.inCallersTransaction(
        em ->
            query(em, sql, parameters)
                .setHint(Calls.QUERY_TIMEOUT_HINT, queryTimeoutMillis)
                .executeUpdate());
  }

  @Override
  public List<Object[]> rowsInCallersTransaction(String sql, Object... parameters) {
    return transactions.inCallersTransaction(
        em -> {
          List<?> rows =
              query(em, sql, parameters)
                  .setHint(Calls.QUERY_TIMEOUT_HINT, queryTimeoutMillis)
                  .getResultList();
          return rows.stream().map(Columns::row).toList();
        });
  }

  static Query query(EntityManager em, String sql, Object... parameters) {
    Query query = em.createNativeQuery(sql);
    for (int i = 0; i < parameters.length; i++) {
      query.setParameter(i + 1, parameters[i]);
    }
    return query;
  }
}
