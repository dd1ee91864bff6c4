package dev.fenced.core.metrics;

/**
 * Hears every call the engines make to a store, after it returned or threw, on the calling thread.
 * From the calls an observer can tell what events do not say: an idempotent call that ran ({@link
 * StoreOperation#IDEMPOTENCY_ACQUIRE} {@link StoreCall.Answer#DONE}), a claim released without an
 * outcome ({@link StoreOperation#IDEMPOTENCY_RELEASE} {@code DONE}), a lock acquired or found held
 * ({@link StoreOperation#LOCK_ACQUIRE}), and each call's latency.
 *
 * <p>Called on the hot path of every guarded call and renewal: an implementation must return
 * quickly and should not throw (what it throws is logged and dropped, never reaches the engine).
 */
@FunctionalInterface
public interface StoreCallListener {

  /**
   * Hears one store call.
   *
   * @param call the call
   */
  void called(StoreCall call);
}
