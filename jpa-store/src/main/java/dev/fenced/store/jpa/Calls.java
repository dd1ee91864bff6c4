package dev.fenced.store.jpa;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.Objects;
import java.util.function.Function;

/** One store call: its own transaction, failures translated, arguments checked. */
final class Calls {

  private final StoreTransactions transactions;

  Calls(StoreTransactions transactions) {
    this.transactions = Objects.requireNonNull(transactions, "transactions");
  }

  <T> T run(String what, Function<EntityManager, T> work) {
    try {
      return transactions.inNewTransaction(work);
    } catch (RuntimeException e) {
      throw StoreFailures.translate(what, e);
    }
  }

  static Query query(EntityManager em, String sql, Object... parameters) {
    Query query = em.createNativeQuery(sql);
    for (int i = 0; i < parameters.length; i++) {
      query.setParameter(i + 1, parameters[i]);
    }
    return query;
  }

  /** PostgreSQL text cannot hold U+0000: such a value is rejected, never altered. */
  static String text(String name, String value) {
    Objects.requireNonNull(value, name);
    if (value.indexOf('\u0000') >= 0) {
      throw new IllegalArgumentException(name + " must not contain U+0000 (PostgreSQL text)");
    }
    return value;
  }

  static String key(String key) {
    if (text("key", key).isEmpty()) {
      throw new IllegalArgumentException("key must not be empty");
    }
    return key;
  }

  static long ttl(String name, long millis) {
    if (millis <= 0) {
      throw new IllegalArgumentException(name + " must be positive, got " + millis);
    }
    return millis;
  }

  static int limit(int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive, got " + limit);
    }
    return limit;
  }
}
