package dev.fenced.cdi.call;

/**
 * What the injectable {@code IdempotencyContext} sees of one guarded run that holds its key: a
 * non-HTTP call's run ({@link GuardedRuns}) or a claimed JAX-RS request.
 */
public interface RunControl {

  /**
   * The caller's key.
   *
   * @return the key, validated
   */
  String key();

  /**
   * Gives up recording the run's outcome: it is returned, then the key is released when the run
   * ends (after its transaction). Idempotent.
   */
  void doNotStore();

  /**
   * Whether {@link #doNotStore()} was called.
   *
   * @return whether the outcome will not be stored
   */
  boolean storingGivenUp();
}
