package dev.fenced.core.idempotency;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link IdempotencyEngine#claim} found for a key: this attempt runs the work, replays a
 * stored outcome, meets a running duplicate, meets work that committed without its outcome, or
 * meets another request under the same key.
 */
public sealed interface Claim {

  /**
   * This attempt holds the key and runs the work; finish it with {@link Execution#complete} or
   * {@link Execution#release}.
   *
   * @param execution the handle that keeps the lock alive and records the outcome
   */
  record Claimed(Execution execution) implements Claim {

    /**
     * Validates the handle.
     *
     * @param execution never {@code null}
     */
    public Claimed {
      Objects.requireNonNull(execution, "execution");
    }
  }

  /**
   * The key completed with the same fingerprint: answer with the stored outcome, do not run.
   *
   * @param payload the stored outcome, byte for byte (a copy the caller owns)
   */
  record Replay(byte[] payload) implements Claim {

    /**
     * Validates the payload.
     *
     * @param payload never {@code null}
     */
    public Replay {
      Objects.requireNonNull(payload, "payload");
    }

    @Override
    public String toString() {
      return "Replay[" + payload.length + " bytes]";
    }
  }

  /**
   * A request with the same key and fingerprint is still running.
   *
   * @param retryAfter when a retry may find it finished
   */
  record InUse(Duration retryAfter) implements Claim {

    /**
     * Validates the hint.
     *
     * @param retryAfter never {@code null}
     */
    public InUse {
      Objects.requireNonNull(retryAfter, "retryAfter");
    }

    /**
     * The hint in whole seconds, rounded up, as the {@code Retry-After} header wants it.
     *
     * @return 0 or more seconds
     */
    public long retryAfterSeconds() {
      long seconds = retryAfter.getSeconds();
      return retryAfter.getNano() > 0 ? seconds + 1 : seconds;
    }
  }

  /**
   * The same request's work committed with a commit mark, and its outcome was never recorded (its
   * attempt died between the commit and the response): do not run, there is nothing to replay.
   */
  record OutcomeLost() implements Claim {}

  /** The key was used, running or completed, for a request with a different fingerprint. */
  record Reused() implements Claim {}
}
