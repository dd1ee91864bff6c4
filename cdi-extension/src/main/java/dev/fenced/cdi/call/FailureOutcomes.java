package dev.fenced.cdi.call;

/**
 * Which exceptions of a call are its outcome, stored and replayed like a return value, rather than
 * failures that release the key so a retry runs again; and what a replay throws for one. A stored
 * exception is the call's refusal on purpose (what a 4xx is over HTTP), so it is stored under
 * {@code StoreIf.NOT_SERVER_ERROR} and released under {@code StoreIf.SUCCESS}; one the method
 * {@linkplain #chosen chose} ({@code @Idempotent(storeOn)}) is stored whatever {@code storeIf} says
 * and however the call's transaction ends.
 */
public interface FailureOutcomes {

  /** No exception is an outcome: every exception releases the key. */
  FailureOutcomes NONE =
      new FailureOutcomes() {
        @Override
        public boolean stores(Throwable thrown) {
          return false;
        }

        @Override
        public Exception replay(StoredFailure failure) {
          throw new IllegalStateException("no exception is stored, yet " + failure + " was read");
        }
      };

  /**
   * Whether {@code thrown} is the call's outcome.
   *
   * @param thrown what the call threw
   * @return {@code true} to store it, {@code false} to release the key
   */
  boolean stores(Throwable thrown);

  /**
   * Whether {@code thrown} is an outcome the method chose to store ({@code storeOn}): stored
   * whatever {@code storeIf} says, once the call's transaction ends, whether it commits or rolls
   * back (what happened outside it, a charge, did not roll back).
   *
   * @param thrown what the call threw
   * @return {@code false} unless the method lists its class
   */
  default boolean chosen(Throwable thrown) {
    return false;
  }

  /**
   * The exception a replay throws.
   *
   * @param failure the stored exception
   * @return an exception of the stored class with the stored message where it can be made, else one
   *     that carries the message
   */
  Exception replay(StoredFailure failure);
}
