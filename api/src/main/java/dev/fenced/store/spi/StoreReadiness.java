package dev.fenced.store.spi;

/**
 * A store that can tell whether it is ready to serve: Fenced's MicroProfile Health readiness checks
 * ask the selected idempotency and lock stores through it. Optional for third-party stores.
 *
 * <p>An implementation answers within the store's own call timeout, never throws, and checks what a
 * first call would need: the store answers, its tables, sequence or scripts are in place, and its
 * configuration cannot lose records (for example an eviction policy that may evict keys). A store
 * that is not ready says why and what to do, in {@link Readiness#reason()}.
 */
public interface StoreReadiness {

  /**
   * Checks the store now.
   *
   * @return ready, or not ready with the reason; never {@code null}
   */
  Readiness readiness();
}
