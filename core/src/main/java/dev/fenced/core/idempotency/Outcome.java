package dev.fenced.core.idempotency;

import java.util.Objects;

/** What {@link IdempotencyEngine#execute} did: ran the work, or replayed a stored outcome. */
public sealed interface Outcome {

  /**
   * The bytes to answer with: the work's result or the stored one.
   *
   * @return the payload
   */
  byte[] payload();

  /**
   * The work ran in this call.
   *
   * @param payload what the work returned
   * @param completion whether it was stored; anything but {@link Completion#STORED} means a repeat
   *     may run the work again
   */
  record Ran(byte[] payload, Completion completion) implements Outcome {

    /**
     * Validates the components.
     *
     * @param payload never {@code null}
     * @param completion never {@code null}
     */
    public Ran {
      Objects.requireNonNull(payload, "payload");
      Objects.requireNonNull(completion, "completion");
    }

    @Override
    public String toString() {
      return "Ran[" + payload.length + " bytes, " + completion + "]";
    }
  }

  /**
   * The work did not run; the stored outcome of an earlier call is returned.
   *
   * @param payload the stored outcome
   */
  record Replayed(byte[] payload) implements Outcome {

    /**
     * Validates the payload.
     *
     * @param payload never {@code null}
     */
    public Replayed {
      Objects.requireNonNull(payload, "payload");
    }

    @Override
    public String toString() {
      return "Replayed[" + payload.length + " bytes]";
    }
  }
}
