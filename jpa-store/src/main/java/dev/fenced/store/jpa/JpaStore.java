package dev.fenced.store.jpa;

import static dev.fenced.store.jpa.PostgresStatements.keyHash;

import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.store.spi.CombinedStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import dev.fenced.store.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Both stores as one {@link CombinedStore}, for the one CDI bean named {@code jpa} ({@link
 * JpaStoreBean}): the idempotency methods go to a {@link JpaIdempotencyStore}, the lock methods to
 * a {@link JpaLockStore}, both on the same transactions. Its one {@code release} runs {@link
 * PostgresStatements#releaseEither}, one statement that releases the owner's live idempotency lock
 * and the owner's lock on the key; the half the owner does not hold matches nothing, and it signals
 * the end of the claim as {@link JpaIdempotencyStore#release} does. Its watches are the idempotency
 * store's ({@link JpaIdempotencyStore#watch}).
 */
final class JpaStore
    implements CombinedStore, CompletionWithWork, ClaimEndSignals, StoreReadiness, AutoCloseable {

  private final JpaIdempotencyStore records;
  private final JpaLockStore locks;
  private final Calls calls;
  private final PostgresStatements statements;

  JpaStore(StoreTransactions transactions, StoreSettings settings) {
    this(new PersistenceUnitStatements(transactions, settings), settings);
  }

  JpaStore(StatementRunner runner, StoreSettings settings) {
    this(runner, settings, false);
  }

  /**
   * Both stores on {@code runner}; with {@code withWork} ({@code fenced.idempotency.commit}), the
   * idempotency store refuses to claim, and the readiness reports {@code NOT_SET_UP}, while the
   * callers' transactions do not start READ COMMITTED ({@link CallerIsolation}).
   */
  JpaStore(StatementRunner runner, StoreSettings settings, boolean withWork) {
    this(runner, settings, withWork, JpaIdempotencyStore.listener(Optional.empty(), settings));
  }

  /**
   * {@link #JpaStore(StatementRunner, StoreSettings, boolean)}, listening through {@code listener}.
   */
  JpaStore(
      StatementRunner runner, StoreSettings settings, boolean withWork, ClaimEndListener listener) {
    this.records = new JpaIdempotencyStore(runner, settings, withWork, listener);
    this.locks = new JpaLockStore(runner, settings);
    this.calls = new Calls(runner, settings);
    this.statements = calls.statements();
  }

  @Override
  public JpaIdempotencyStore idempotencyStore() {
    return records;
  }

  @Override
  public JpaLockStore lockStore() {
    return locks;
  }

  @Override
  public boolean release(String key, String owner) {
    String hash = keyHash(Calls.key(key));
    String checkedOwner = Calls.text("owner", owner);
    List<Object[]> released = calls.rows("release", statements.releaseEither, hash, checkedOwner);
    return Columns.number(released.get(0)[0]) > 0;
  }

  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    return records.watch(key, wakeUp);
  }

  /** Stops listening for the end of claims ({@link JpaIdempotencyStore#close}). */
  @Override
  public void close() {
    records.close();
  }

  /** Completes a record in the caller's transaction ({@link JpaIdempotencyStore}). */
  @Override
  public boolean completeWithWork(String key, String owner, byte[] payload, long ttlMillis) {
    return records.completeWithWork(key, owner, payload, ttlMillis);
  }

  @Override
  public boolean markCommitted(String key, String owner, long ttlMillis, long lockTtlMillis) {
    return records.markCommitted(key, owner, ttlMillis, lockTtlMillis);
  }

  /** Deletes expired idempotency records ({@link JpaIdempotencyStore#prune(int, Duration)}). */
  int pruneRecords(int limit, Duration pause) {
    return records.prune(limit, pause);
  }

  /**
   * Deletes expired locks ({@link JpaLockStore#prune(int, Duration)}); their tokens stay in the
   * sequence.
   */
  int pruneLocks(int limit, Duration pause) {
    return locks.prune(limit, pause);
  }

  /**
   * {@link SchemaReadiness}; for a store that records outcomes with the work, also {@code
   * NOT_SET_UP} with {@code FENCED-D207} while the callers' transactions do not start READ
   * COMMITTED.
   */
  @Override
  public Readiness readiness() {
    Readiness schema = SchemaReadiness.check(calls);
    if (!schema.ready()) {
      return schema;
    }
    Optional<String> isolation;
    try {
      isolation = records.callerIsolation().problem();
    } catch (StoreUnavailableException e) {
      return Readiness.unavailable(e.getMessage(), schema.details());
    }
    return isolation.map(problem -> Readiness.notSetUp(problem, schema.details())).orElse(schema);
  }
}
