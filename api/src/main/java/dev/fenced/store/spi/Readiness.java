package dev.fenced.store.spi;

import java.util.Map;
import java.util.Objects;

/**
 * What {@link StoreReadiness#readiness()} found.
 *
 * @param state whether the store can serve and, when it cannot, whether it is away or not set up
 * @param reason why it cannot, and what to do; empty when ready
 * @param details facts an operator may want next to the answer (the database, the eviction policy),
 *     never a secret such as a password; copied
 */
public record Readiness(State state, String reason, Map<String, String> details) {

  /** Where a store stands. */
  public enum State {
    /** The store answers and is set up. */
    READY,
    /**
     * The store does not answer now (down, unreachable, too slow): an outage, which may pass by
     * itself. Fenced never fails a deployment for it.
     */
    UNAVAILABLE,
    /**
     * The store answers, or could not even be built, but is not set up for Fenced: a missing table,
     * sequence, setting or resource that someone must add. Fenced fails the deployment for it
     * unless told otherwise ({@code fenced.store.set-up-check}).
     */
    NOT_SET_UP
  }

  /**
   * Validates and copies the components.
   *
   * @param state never {@code null}
   * @param reason never {@code null}; blank only when ready
   * @param details never {@code null}; copied
   */
  public Readiness {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(reason, "reason");
    details = Map.copyOf(details);
    if (state != State.READY && reason.isBlank()) {
      throw new IllegalArgumentException("a store that is not ready says why");
    }
  }

  /**
   * Whether the store can serve.
   *
   * @return {@code true} when {@link State#READY}
   */
  public boolean ready() {
    return state == State.READY;
  }

  /**
   * A ready store.
   *
   * @param details facts for the operator
   * @return the answer
   */
  public static Readiness ready(Map<String, String> details) {
    return new Readiness(State.READY, "", details);
  }

  /**
   * A store that does not answer now.
   *
   * @param reason why, and what to do
   * @param details facts for the operator
   * @return the answer
   */
  public static Readiness unavailable(String reason, Map<String, String> details) {
    return new Readiness(State.UNAVAILABLE, reason, details);
  }

  /**
   * A store that is not set up for Fenced.
   *
   * @param reason what is missing, and what to do
   * @param details facts for the operator
   * @return the answer
   */
  public static Readiness notSetUp(String reason, Map<String, String> details) {
    return new Readiness(State.NOT_SET_UP, reason, details);
  }
}
