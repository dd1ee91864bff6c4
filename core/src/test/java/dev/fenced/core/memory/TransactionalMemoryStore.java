package dev.fenced.core.memory;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * For tests: the in-memory store with one caller's transaction. A write "with the work" ({@link
 * CompletionWithWork}), outcome or commit mark, is held back until the test {@linkplain #commit
 * commits} it, and dropped on a {@linkplain #rollback rollback}, as a database transaction would
 * hold it. A committed mark follows the SPI's rules: the record is never taken over while the mark
 * lives, reports {@code Committed} once the owner's lock expired, and the owner may still extend,
 * complete or release it. Switches make writes fail or be refused, and renewals fail; counters tell
 * what was called.
 */
public final class TransactionalMemoryStore implements IdempotencyStore, CompletionWithWork {

  private final InMemoryIdempotencyStore delegate;
  private final LongSupplier nanoTime;
  private final List<Runnable> pending = new ArrayList<>();
  private final Map<String, String> fingerprints = new ConcurrentHashMap<>();
  private final Map<String, Mark> marks = new ConcurrentHashMap<>();

  /** How often {@link #completeWithWork} was called. */
  public final AtomicInteger writesWithWork = new AtomicInteger();

  /** How often {@link #markCommitted} was called. */
  public final AtomicInteger marksWithWork = new AtomicInteger();

  /** How often {@link #extend} was called. */
  public final AtomicInteger extendCalls = new AtomicInteger();

  /** How often {@link #release} was called. */
  public final AtomicInteger releaseCalls = new AtomicInteger();

  /** How often {@link #complete} was called. */
  public final AtomicInteger completeCalls = new AtomicInteger();

  /** When set, writes with the work answer {@code false}, as for a lock taken over. */
  public volatile boolean refuseWrites;

  /** When set, writes with the work throw, as for a statement that timed out. */
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
    this.nanoTime = nanoTime;
  }

  @Override
  public synchronized boolean completeWithWork(
      String key, String owner, byte[] payload, long ttlMillis) {
    writesWithWork.incrementAndGet();
    failOrRefuse();
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

  @Override
  public synchronized boolean markCommitted(
      String key, String owner, long ttlMillis, long lockTtlMillis) {
    marksWithWork.incrementAndGet();
    failOrRefuse();
    if (refuseWrites || !delegate.extend(key, owner, lockTtlMillis)) {
      return false;
    }
    long markedAt = nanoTime.getAsLong();
    pending.add(
        () -> {
          // the delegate keeps the record for the mark's life; the mark keeps the owner's lock
          if (!delegate.extend(key, owner, ttlMillis)) {
            throw new IllegalStateException("test: the lock was gone when the mark committed");
          }
          marks.put(
              key,
              new Mark(
                  owner,
                  fingerprints.get(key),
                  after(markedAt, lockTtlMillis),
                  after(markedAt, ttlMillis)));
        });
    return true;
  }

  private void failOrRefuse() {
    if (failWrites) {
      throw new StoreUnavailableException("test: statement timed out");
    }
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

  /**
   * Whether a live commit mark on {@code key} committed.
   *
   * @param key the record key
   * @return whether it is marked
   */
  public synchronized boolean marked(String key) {
    return liveMark(key) != null;
  }

  @Override
  public synchronized AcquireResult acquire(
      String key, String owner, String fingerprint, long lockTtl) {
    Mark mark = liveMark(key);
    if (mark != null) {
      return mark.lockLives(nanoTime.getAsLong())
          ? new AcquireResult.InFlight(mark.fingerprint)
          : new AcquireResult.Committed(mark.fingerprint);
    }
    AcquireResult result = delegate.acquire(key, owner, fingerprint, lockTtl);
    if (result instanceof AcquireResult.Acquired) {
      fingerprints.put(key, fingerprint);
    }
    return result;
  }

  @Override
  public synchronized boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    completeCalls.incrementAndGet();
    boolean completed = delegate.complete(key, owner, payload, ttlMillis);
    if (completed) {
      marks.remove(key);
    }
    return completed;
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    releaseCalls.incrementAndGet();
    Mark mark = liveMark(key);
    if (mark == null) {
      return delegate.release(key, owner);
    }
    if (!mark.owner.equals(owner)) {
      return false;
    }
    marks.put(key, mark.lockUntil(nanoTime.getAsLong()));
    return true;
  }

  @Override
  public synchronized boolean extend(String key, String owner, long lockTtlMillis) {
    extendCalls.incrementAndGet();
    if (extendDown) {
      throw new StoreUnavailableException("test: renewals fail");
    }
    Mark mark = liveMark(key);
    if (mark == null) {
      return delegate.extend(key, owner, lockTtlMillis);
    }
    if (!mark.owner.equals(owner)) {
      return false;
    }
    marks.put(key, mark.lockUntil(after(nanoTime.getAsLong(), lockTtlMillis)));
    return true;
  }

  private Mark liveMark(String key) {
    Mark mark = marks.get(key);
    if (mark != null && mark.committedUntil - nanoTime.getAsLong() <= 0) {
      marks.remove(key);
      return null;
    }
    return mark;
  }

  private static long after(long nanos, long millis) {
    return nanos + TimeUnit.MILLISECONDS.toNanos(millis);
  }

  /** A committed mark: the owner's lock, and how long the mark keeps the record. */
  private record Mark(String owner, String fingerprint, long lockUntil, long committedUntil) {

    boolean lockLives(long now) {
      return lockUntil - now > 0;
    }

    Mark lockUntil(long until) {
      return new Mark(owner, fingerprint, until, committedUntil);
    }
  }
}
