package dev.fenced.core.metrics;

import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import java.util.Optional;

/**
 * Wraps the stores the engines use so that a {@link StoreCallListener} hears each call. A wrapped
 * store answers exactly as the store it wraps (it implements {@link CompletionWithWork} when that
 * does) and adds two {@code System.nanoTime()} reads per call; without a listener the store is
 * returned as it is.
 */
public final class ObservedStores {

  private ObservedStores() {}

  /**
   * The idempotency store the engine should use.
   *
   * @param store the selected store
   * @param name the selected store's name, as {@link StoreCall#store()} reports it
   * @param listener the listener, if the application has one
   * @return {@code store}, observed when there is a listener
   */
  public static IdempotencyStore idempotency(
      IdempotencyStore store, String name, Optional<StoreCallListener> listener) {
    if (listener.isEmpty()) {
      return store;
    }
    StoreCallTimer timer = new StoreCallTimer(name, listener.get());
    return store instanceof CompletionWithWork withWork
        ? new ObservedCompletingStore(store, withWork, timer)
        : new ObservedIdempotencyStore(store, timer);
  }

  /**
   * The lock store the lock manager should use.
   *
   * @param store the selected store
   * @param name the selected store's name, as {@link StoreCall#store()} reports it
   * @param listener the listener, if the application has one
   * @return {@code store}, observed when there is a listener
   */
  public static LockStore locks(
      LockStore store, String name, Optional<StoreCallListener> listener) {
    return listener.isEmpty()
        ? store
        : new ObservedLockStore(store, new StoreCallTimer(name, listener.get()));
  }
}
