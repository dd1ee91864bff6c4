package dev.fenced.core.memory;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * For tests: the in-memory store with one caller's transaction. A write "with the work" ({@link
 * CompletionWithWork}) is held back until the test {@linkplain #commit commits} it, and dropped on
 * a {@linkplain #rollback rollback}, as a database transaction would hold it. Switches make writes
 * fail or be refused, and renewals fail; counters tell what was called.
 */
public final class TransactionalMemoryStore implements IdempotencyStore, CompletionWithWork {

  private final InMemoryIdempotencyStore delegate;
  private final List<Runnable> pending = new ArrayList<>();

  /** How often {@link #completeWithWork} was called. */
  public final AtomicInteger writesWithWork = new AtomicInteger();

  /** How often {@link #extend} was called. */
  public final AtomicInteger extendCalls = new AtomicInteger();

  /** How often {@link #release} was called. */
  public final AtomicInteger releaseCalls = new AtomicInteger();

  /** When set, {@link #completeWithWork} answers {@code false}, as for a lock taken over. */
  public volatile boolean refuseWrites;

  /** When set, {@link #completeWithWork} throws, as for a statement that timed out. */
  public volatile boolean failWrites;

  /** When set, {@link #extend} throws. */
  public volatile boolean extendDown;

  /**
   * A store on the given clock.
   *
   * @param nanoTime the clock of expiries
   */
  public TransactionalMemoryStore(LongSupplier nanoTime) {
    this.delegate = new InMemoryIdempotencyStore(nanoTime);
  }

  @Override
  public synchronized boolean completeWithWork(
      String key, String owner, byte[] payload, long ttlMillis) {
    writesWithWork.incrementAndGet();
    if (failWrites) {
      throw new StoreUnavailableException("test: statement timed out");
    }
    if (refuseWrites) {
      return false;
    }
    byte[] copy = payload.clone();
    pending.add(
        () -> {
          if (!delegate.complete(key, owner, copy, ttlMillis)) {
            throw new IllegalStateException("test: the lock was gone when the write committed");
          }
        });
    return true;
  }

  /** Makes the pending writes visible. */
  public synchronized void commit() {
    pending.forEach(Runnable::run);
    pending.clear();
  }

  /** Drops the pending writes. */
  public synchronized void rollback() {
    pending.clear();
  }

  /**
   * How many writes wait for the commit.
   *
   * @return the count
   */
  public synchronized int pendingWrites() {
    return pending.size();
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtl) {
    return delegate.acquire(key, owner, fingerprint, lockTtl);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return delegate.complete(key, owner, payload, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    releaseCalls.incrementAndGet();
    return delegate.release(key, owner);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    extendCalls.incrementAndGet();
    if (extendDown) {
      throw new StoreUnavailableException("test: renewals fail");
    }
    return delegate.extend(key, owner, lockTtlMillis);
  }
}
