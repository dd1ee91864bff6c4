package dev.fenced.store.spi;

/**
 * A store that can tell whether it is ready to serve: Fenced asks the selected idempotency and lock
 * stores through it once when the application starts (a store {@link Readiness.State#NOT_SET_UP}
 * fails the deployment unless {@code fenced.store.set-up-check=readiness}), and its MicroProfile
 * Health readiness checks ask on every probe. Optional for third-party stores.
 *
 * <p>An implementation answers within the store's own call timeout, never throws, and checks what a
 * first call would need: the store answers, its tables, sequence or scripts are in place, and its
 * configuration cannot lose records (for example an eviction policy that may evict keys). A store
 * that is not ready says why and what to do, in {@link Readiness#reason()}, and whether it is away
 * ({@link Readiness.State#UNAVAILABLE}, which passes by itself) or not set up ({@link
 * Readiness.State#NOT_SET_UP}, which someone must fix).
 */
public interface StoreReadiness {

  /**
   * Checks the store now.
   *
   * @return ready, unavailable or not set up, with the reason; never {@code null}
   */
  Readiness readiness();
}
