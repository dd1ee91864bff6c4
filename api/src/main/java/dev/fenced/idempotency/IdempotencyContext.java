package dev.fenced.idempotency;

import java.util.Optional;

/**
 * The guarded run on the current thread, injectable as a CDI bean: inside the method of an {@link
 * Idempotent} EJB, CDI bean, observer, message-driven bean, JAX-RS resource or GraphQL mutation,
 * and inside the work of {@link Idempotency#execute}, while the run holds its key.
 *
 * <p>Only the run's own thread sees it: work the method hands to another thread (a {@code
 * CompletionStage} it returns, a MicroProfile Fault Tolerance {@code @Asynchronous} body) runs
 * outside it. Nested guarded runs each see their own, the innermost one.
 */
public interface IdempotencyContext {

  /**
   * The key of the run: the caller's {@code @IdempotencyKey}, the {@code Idempotency-Key} header,
   * or the key given to {@link Idempotency#execute}.
   *
   * @return the key, or empty outside a guarded run
   */
  Optional<String> key();

  /**
   * Whether the current thread is inside a guarded run.
   *
   * @return {@code true} inside one
   */
  default boolean active() {
    return key().isPresent();
  }

  /**
   * Gives up recording this run's outcome: the caller still gets it, but it is not stored, so a
   * later repeat with the key runs the work again. The key stays claimed until the run ends (after
   * its transaction ends, as for any released key), so a concurrent duplicate is still refused with
   * {@code IDEMPOTENCY_KEY_IN_USE} (or waits, with {@link OnConflict#WAIT}) meanwhile: the lock's
   * protection is kept, the replay window given up. For an outcome that must not be served twice (a
   * one-time token, a result that is only valid now). It applies to whatever the run ends with, a
   * value, a response or an exception its outcomes would store.
   *
   * @throws IllegalStateException outside a guarded run (there is no outcome to give up)
   */
  void doNotStore();

  /**
   * Whether {@link #doNotStore()} was called in the current run.
   *
   * @return {@code true} when the current run's outcome will not be stored; {@code false} outside a
   *     guarded run
   */
  boolean storingGivenUp();
}
