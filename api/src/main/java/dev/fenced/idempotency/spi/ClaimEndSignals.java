package dev.fenced.idempotency.spi;

import dev.fenced.store.spi.StoreUnavailableException;

/**
 * What an {@link IdempotencyStore} offers when it can tell a waiting duplicate that the claim it
 * waits for has ended, so the duplicate looks again at once instead of at its next poll ({@code
 * onConflict = WAIT}). An optional capability, like {@link CompletionWithWork}: the store bean that
 * {@code fenced.idempotency.store} selects implements it next to {@link IdempotencyStore}. Without
 * it, and whenever a signal is lost, a waiting duplicate still finds the end by polling the store
 * every 20 to 500 ms: the poll stays the bound, the signal only shortens the wait. The PostgreSQL
 * store signals with {@code LISTEN}/{@code NOTIFY}, the Redis store with pub/sub, the in-memory
 * store in process.
 *
 * <p>Rules an implementation keeps (the TCK's {@code ClaimEndSignalsContract} checks them):
 *
 * <ul>
 *   <li>Once {@link #watch} has returned, a {@link IdempotencyStore#complete complete} or {@link
 *       IdempotencyStore#release release} of {@code key} by any caller, on any instance sharing the
 *       store, runs {@code wakeUp} at least once soon after (a completion written with the work, on
 *       a store that implements {@link CompletionWithWork}, when its transaction commits).
 *   <li>{@code wakeUp} runs only after the write that ended the claim is visible: an {@link
 *       IdempotencyStore#acquire acquire} made after {@code wakeUp} started sees it.
 *   <li>A signal is best effort: a lost connection may lose one, and {@code wakeUp} may also run
 *       when nothing ended (a reconnect, another key's end). Callers look at the record again
 *       before they believe anything.
 *   <li>{@code wakeUp} runs on a thread the store chooses (its listener's, or the one that ended
 *       the claim); it must be short and never block nor call the store. An exception it throws is
 *       the store's to log, never to propagate.
 *   <li>{@link #watch} is bounded in time like every store call; it may write to the store (to tell
 *       the instance that ends the claim that someone waits) but never changes a record's state as
 *       {@link IdempotencyStore} defines it. After {@link ClaimWatch#close} returns, {@code wakeUp}
 *       never runs again.
 * </ul>
 */
public interface ClaimEndSignals {

  /**
   * Starts watching for the end of the claim on {@code key}.
   *
   * @param key the record key, as given to {@link IdempotencyStore#acquire}
   * @param wakeUp what to run when the claim on {@code key} may have ended
   * @return the watch, to close when the caller stops waiting
   * @throws StoreUnavailableException when the watch cannot be set up (the store is unreachable, or
   *     its listening connection is down): the caller polls instead
   */
  ClaimWatch watch(String key, Runnable wakeUp);

  /** A caller's interest in the end of one claim. */
  @FunctionalInterface
  interface ClaimWatch extends AutoCloseable {

    /** Stops the watch; after it returns the wake-up never runs again. Never throws. */
    @Override
    void close();
  }
}
