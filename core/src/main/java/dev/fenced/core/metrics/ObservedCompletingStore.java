package dev.fenced.core.metrics;

import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;

/**
 * An observed idempotency store that, like the store it wraps, records outcomes with the work
 * ({@link CompletionWithWork}).
 */
final class ObservedCompletingStore extends ObservedIdempotencyStore implements CompletionWithWork {

  private final CompletionWithWork withWork;

  /** {@code store} and {@code withWork} are the same object, seen through its two types. */
  ObservedCompletingStore(
      IdempotencyStore store, CompletionWithWork withWork, StoreCallTimer timer) {
    super(store, timer);
    this.withWork = withWork;
  }

  @Override
  public boolean completeWithWork(String key, String owner, byte[] payload, long ttlMillis) {
    return timer.time(
        StoreOperation.IDEMPOTENCY_COMPLETE_WITH_WORK,
        () -> withWork.completeWithWork(key, owner, payload, ttlMillis));
  }

  @Override
  public boolean markCommitted(String key, String owner, long ttlMillis, long lockTtlMillis) {
    return timer.time(
        StoreOperation.IDEMPOTENCY_MARK_COMMITTED,
        () -> withWork.markCommitted(key, owner, ttlMillis, lockTtlMillis));
  }
}
