package dev.fenced.idempotency;

import java.util.concurrent.Callable;

/**
 * Programmatic idempotency, injectable as a CDI bean: the same guarantee as {@link Idempotent} for
 * code that has its key in hand.
 *
 * <p>The first call with a key runs the work and stores its result; later calls with the same key
 * return the stored result without running it, until the ttl passes. A call while the first still
 * runs throws {@code IDEMPOTENCY_KEY_IN_USE} or waits, per {@link IdempotencyOptions#onConflict()}.
 * If the work throws, the key is released and the exception propagates, so a retry runs it again.
 * Inside a JTA transaction the result is recorded after the transaction commits, and a rollback
 * releases the key.
 *
 * <p>With {@link IdempotencyOptions#withPayload} the call also counts what it is about: the same
 * key with another payload is refused with {@code IDEMPOTENCY_KEY_REUSED}. Inside the work, the
 * injectable {@link IdempotencyContext} tells the key and can give up storing the result ({@link
 * IdempotencyContext#doNotStore()}).
 */
public interface Idempotency {

  /**
   * Runs {@code work} once for {@code key}.
   *
   * @param key the idempotency key: 1 to 255 printable ASCII characters
   * @param work the work to run at most once per key
   * @param options ttl, lock ttl, conflict policy and the result type for replays
   * @param <T> the result type
   * @return the result of this run, or the stored result of the first run
   * @throws IdempotencyException when the key is invalid, in use, reused with another payload, or
   *     the store is unreachable
   * @throws Exception what {@code work} threw
   */
  <T> T execute(String key, Callable<T> work, IdempotencyOptions options) throws Exception;

  /**
   * Runs {@code work} once for {@code key}, as {@link #execute} does, and tells whether the result
   * was replayed and when the replayed outcome was produced.
   *
   * @param key the idempotency key: 1 to 255 printable ASCII characters
   * @param work the work to run at most once per key
   * @param options ttl, lock ttl, conflict policy, payload and the result type for replays
   * @param <T> the result type
   * @return the result with {@link IdempotentResult#replayed()} and {@link
   *     IdempotentResult#storedAt()}
   * @throws IdempotencyException when the key is invalid, in use, reused with another payload, or
   *     the store is unreachable
   * @throws Exception what {@code work} threw
   */
  <T> IdempotentResult<T> executeWithMetadata(
      String key, Callable<T> work, IdempotencyOptions options) throws Exception;
}
