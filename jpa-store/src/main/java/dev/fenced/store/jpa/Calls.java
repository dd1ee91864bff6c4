package dev.fenced.store.jpa;

import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.persistence.TransactionRequiredException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One store call: its one statement in a transaction of its own ({@link StatementRunner}), pinned
 * to READ COMMITTED, bounded by the query timeout and ended by PostgreSQL when it stalls before its
 * commit ({@link #prelude}), retried when PostgreSQL reports a transient conflict, failures
 * translated, arguments checked.
 */
final class Calls {

  /** How often a statement runs when PostgreSQL keeps refusing it with a transient conflict. */
  static final int CONFLICT_ATTEMPTS = 3;

  /** The standard JPA hint bounding one statement, in milliseconds. */
  static final String QUERY_TIMEOUT_HINT = "jakarta.persistence.query.timeout";

  private final StatementRunner runner;
  private final StoreSettings settings;
  private final PostgresStatements statements;

  Calls(StatementRunner runner, StoreSettings settings) {
    this.runner = Objects.requireNonNull(runner, "runner");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.statements = new PostgresStatements(settings.tables());
  }

  /**
   * What runs before each call's statement, in its transaction: READ COMMITTED whatever the
   * database's default, the query timeout, and PostgreSQL's end of a transaction left idle (a
   * caller frozen before its {@code COMMIT} cannot keep a row locked). {@code SET TRANSACTION} must
   * be the transaction's first statement.
   */
  static String prelude(StoreSettings settings) {
    return "SET TRANSACTION ISOLATION LEVEL READ COMMITTED;"
        + " SET LOCAL statement_timeout = "
        + settings.queryTimeoutMillis()
        + "; SET LOCAL idle_in_transaction_session_timeout = "
        + StoreSettings.IDLE_IN_TRANSACTION_TIMEOUT_MILLIS;
  }

  StoreSettings settings() {
    return settings;
  }

  /** The statements, on the settings' tables. */
  PostgresStatements statements() {
    return statements;
  }

  /**
   * The rows of one statement (a {@code SELECT}, or a write with {@code RETURNING}); a transient
   * conflict still there after {@value #CONFLICT_ATTEMPTS} attempts throws {@link
   * StoreUnavailableException}: the calls that use this touch only the caller's own row, so an
   * unending conflict there is not contention between callers.
   */
  List<Object[]> rows(String what, String sql, Object... parameters) {
    return run(what, () -> runner.rows(sql, parameters), unending(what));
  }

  /**
   * The rows of one statement; a transient conflict still there after {@value #CONFLICT_ATTEMPTS}
   * attempts answers no rows: for an acquire, another caller is busy on the key.
   */
  List<Object[]> rowsOrContended(String what, String sql, Object... parameters) {
    return run(what, () -> runner.rows(sql, parameters), failure -> List.of());
  }

  /**
   * Runs one {@code UPDATE} or {@code DELETE} of the caller's own row ({@link #rows}).
   *
   * @return whether it changed that row
   */
  boolean changesOneRow(String what, String sql, Object... parameters) {
    return run(what, () -> runner.update(sql, parameters), unending(what)) == 1;
  }

  /**
   * Runs one statement that ends the caller's own claim ({@link
   * PostgresStatements#endingTheClaim}), as {@link #changesOneRow} runs an update.
   *
   * @return whether it ended that claim
   */
  boolean endsOneClaim(String what, String sql, Object... parameters) {
    return rows(what, sql, parameters).size() == 1;
  }

  /**
   * Runs one {@code UPDATE} of the caller's own row as a statement of the caller's transaction
   * ({@link StatementRunner#updateInCallersTransaction}). Tried once: a failed statement leaves the
   * caller's transaction able only to roll back.
   *
   * @return whether it changed that row
   * @throws IllegalStateException when no transaction can be joined, or the caller's transaction
   *     runs above READ COMMITTED ({@link CallerIsolation#refusedAtTheWrite})
   */
  boolean changesOneRowInCallersTransaction(String what, String sql, Object... parameters) {
    return inCallersTransaction(what, () -> runner.updateInCallersTransaction(sql, parameters))
        == 1;
  }

  /**
   * The rows of one statement run in the caller's transaction ({@link
   * StatementRunner#rowsInCallersTransaction}), as {@link #changesOneRowInCallersTransaction} runs
   * an update.
   */
  List<Object[]> rowsInCallersTransaction(String what, String sql, Object... parameters) {
    return inCallersTransaction(what, () -> runner.rowsInCallersTransaction(sql, parameters));
  }

  private static <T> T inCallersTransaction(String what, Supplier<T> statement) {
    try {
      return statement.get();
    } catch (TransactionRequiredException e) {
      throw new IllegalStateException(
          "PostgreSQL store: " + what + " needs an active JTA transaction", e);
    } catch (IllegalStateException e) {
      throw e;
    } catch (RuntimeException e) {
      if (StoreFailures.SERIALIZATION_FAILURE.equals(StoreFailures.state(e))) {
        throw CallerIsolation.refusedAtTheWrite(e);
      }
      throw StoreFailures.translate(what, e);
    }
  }

  /**
   * Runs a prune {@code DELETE} of at most {@code limit} rows, each in a call of its own ({@link
   * #changesOneRow}'s way), until one deletes fewer, waiting {@code pause} after each full batch.
   * An interrupt during a pause ends the prune with the rows deleted so far, the thread's interrupt
   * status set again.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @param pause the wait between two batches, zero for none
   * @param sql the {@code DELETE}
   * @param parameters its parameters
   * @return how many rows were deleted
   */
  int deleteInBatches(int limit, Duration pause, String sql, Object... parameters) {
    limit(limit);
    long pauseNanos = pause(pause);
    int total = 0;
    int deleted;
    do {
      deleted = run("prune", () -> runner.update(sql, parameters), unending("prune"));
      total += deleted;
      if (deleted == limit && pauseNanos > 0) {
        try {
          TimeUnit.NANOSECONDS.sleep(pauseNanos);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return total;
        }
      }
    } while (deleted == limit);
    return total;
  }

  private static long pause(Duration pause) {
    if (pause == null || pause.isNegative()) {
      throw new IllegalArgumentException(
          "the pause between prune batches must be zero or positive, was " + pause);
    }
    return pause.toNanos();
  }

  private static <T> Function<RuntimeException, T> unending(String what) {
    return failure -> {
      throw new StoreUnavailableException(
          "PostgreSQL store: "
              + what
              + " kept failing with a transient conflict ("
              + StoreFailures.state(failure)
              + ") "
              + CONFLICT_ATTEMPTS
              + " times in a row",
          failure);
    };
  }

  private <T> T run(String what, Supplier<T> work, Function<RuntimeException, T> onLastConflict) {
    for (int attempt = 1; ; attempt++) {
      try {
        return work.get();
      } catch (RuntimeException e) {
        if (!StoreFailures.transientConflict(e)) {
          throw StoreFailures.translate(what, e);
        }
        if (attempt >= CONFLICT_ATTEMPTS) {
          return onLastConflict.apply(e);
        }
        pauseBefore(attempt + 1);
      }
    }
  }

  /** A few milliseconds, random, growing: two callers that conflicted do not meet again at once. */
  private static void pauseBefore(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(1, 10L * attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreUnavailableException("PostgreSQL store: interrupted before a retry", e);
    }
  }

  /**
   * PostgreSQL text holds neither U+0000 nor a lone surrogate (which UTF-8 cannot encode, and which
   * would reach the database as {@code ?}, so two keys would collide): such a value is rejected,
   * never altered.
   */
  static String text(String name, String value) {
    Objects.requireNonNull(value, name);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\u0000') {
        throw new IllegalArgumentException(name + " must not contain U+0000 (PostgreSQL text)");
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException(
            name
                + " is not valid Unicode: a lone surrogate at index "
                + i
                + ", which PostgreSQL cannot store");
      }
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
    if (millis < 1 || millis > StoreLimits.MAX_TTL_MILLIS) {
      throw new IllegalArgumentException(
          name
              + " must be from 1 to "
              + StoreLimits.MAX_TTL_MILLIS
              + " ms (StoreLimits.MAX_TTL_MILLIS), got "
              + millis);
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
