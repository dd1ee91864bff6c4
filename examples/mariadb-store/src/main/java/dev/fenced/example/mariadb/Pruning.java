package dev.fenced.example.mariadb;

import java.sql.Connection;
import java.sql.SQLException;

/** Deletes in batches, one statement and one transaction each, so no batch holds locks long. */
final class Pruning {

  /** One batch: a {@code DELETE ... LIMIT}. */
  @FunctionalInterface
  interface Batch {
    int delete(Connection connection, int limit) throws SQLException;
  }

  private Pruning() {}

  /**
   * Runs batches until one deletes fewer rows than {@code batch}.
   *
   * @param calls the store's calls
   * @param what the method, for the message of a failure
   * @param batch the most rows one batch deletes, 1 or more
   * @param delete the batch
   * @return the rows deleted
   */
  static long prune(JdbcCalls calls, String what, int batch, Batch delete) {
    if (batch < 1) {
      throw new IllegalArgumentException("MariaDB store: a batch is 1 row or more, was " + batch);
    }
    long total = 0;
    while (true) {
      int deleted = calls.call(what, connection -> delete.delete(connection, batch));
      total += deleted;
      if (deleted < batch) {
        return total;
      }
    }
  }
}
