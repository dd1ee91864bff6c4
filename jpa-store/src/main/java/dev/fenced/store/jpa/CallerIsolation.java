package dev.fenced.store.jpa;

import dev.fenced.DeploymentProblem;
import java.util.Optional;

/**
 * Whether the callers' transactions start READ COMMITTED, which recording an outcome with the work
 * ({@code fenced.idempotency.commit=with-work}) needs: the outcome's {@code UPDATE} runs in the
 * caller's transaction, under its snapshot. At REPEATABLE READ or SERIALIZABLE a snapshot taken
 * before the claim (which commits in a transaction of its own) finds no claim, and one taken before
 * a renewal fails with a serialization error: the call would run its work and then roll it back, on
 * every retry. Fenced cannot move the caller's transaction to another level (it may depend on it)
 * nor write outside its snapshot in it, so a with-work store refuses instead, before it claims
 * anything.
 *
 * <p>The level read is {@code default_transaction_isolation} on a connection of the store's
 * datasource: what the database's, the role's and the datasource's own settings make of a new
 * transaction there, the method's included (with-work needs one datasource, or XA datasources on
 * one database). It is read by the readiness check (so when the application starts) and before a
 * claim, until it was once READ COMMITTED: from then on no call pays for it, and while it is not,
 * every call reads it again, so a corrected database is used without a restart.
 */
final class CallerIsolation {

  static final String READ_COMMITTED = "read committed";

  private static final String KEY = "fenced.idempotency.commit";

  private static final String DEFAULT_LEVEL =
      "SELECT current_setting('default_transaction_isolation')";

  /** No check: the store records after the work, in transactions of its own, at any level. */
  static final CallerIsolation ANY = new CallerIsolation(null);

  private final Calls calls;
  private volatile boolean readCommitted;

  private CallerIsolation(Calls calls) {
    this.calls = calls;
    this.readCommitted = calls == null;
  }

  /** The check of a store that records outcomes with the work. */
  static CallerIsolation readCommitted(Calls calls) {
    return new CallerIsolation(calls);
  }

  /**
   * Refuses, before anything is written, when the callers' transactions do not start READ
   * COMMITTED.
   *
   * @throws IllegalStateException with {@code FENCED-D207} naming the level and what to change
   * @throws dev.fenced.store.spi.StoreUnavailableException when the database cannot be asked
   */
  void require() {
    Optional<String> problem = problem();
    if (problem.isPresent()) {
      throw new IllegalStateException(problem.get());
    }
  }

  /**
   * What is wrong with the callers' level, asking the database unless it was READ COMMITTED before.
   *
   * @return {@code FENCED-D207}'s message, or empty
   */
  Optional<String> problem() {
    if (readCommitted) {
      return Optional.empty();
    }
    String level =
        Columns.text(calls.rows("read the callers' isolation level", DEFAULT_LEVEL).get(0)[0]);
    if (READ_COMMITTED.equals(level)) {
      readCommitted = true;
      return Optional.empty();
    }
    return Optional.of(DeploymentProblem.COMMIT_WITH_WORK_ISOLATION.format(KEY, level, KEY));
  }

  /**
   * The failure of an outcome written in a caller's transaction that found a serialization failure,
   * which PostgreSQL raises only above READ COMMITTED: the caller's transaction raised its own
   * level after the store checked the datasource's.
   *
   * @param failure the statement's failure, SQLSTATE 40001
   * @return the exception to throw, naming {@code FENCED-D207}
   */
  static IllegalStateException refusedAtTheWrite(RuntimeException failure) {
    return new IllegalStateException(
        DeploymentProblem.COMMIT_WITH_WORK_ISOLATION.format(
            KEY,
            "REPEATABLE READ or SERIALIZABLE (the write failed with SQLSTATE 40001, which only those"
                + " levels raise; the transaction rolls back)",
            KEY),
        failure);
  }
}
