package dev.fenced.cdi.jaxrs;

import dev.fenced.ErrorCode;
import java.util.Objects;

/** What the request gate decided for one request. */
sealed interface Decision {

  /** No key and none required: the method runs unguarded. */
  record Unguarded() implements Decision {}

  /**
   * The key is claimed: the method runs, and the response ends the claim.
   *
   * @param claimed the claim to keep in the request
   */
  record Proceed(ClaimedRequest claimed) implements Decision {

    /**
     * Validates the claim.
     *
     * @param claimed never {@code null}
     */
    public Proceed {
      Objects.requireNonNull(claimed, "claimed");
    }
  }

  /**
   * The key completed before with this request: answer with the stored response.
   *
   * @param outcome the stored response
   */
  record Replay(HttpOutcome outcome) implements Decision {

    /**
     * Validates the outcome.
     *
     * @param outcome never {@code null}
     */
    public Replay {
      Objects.requireNonNull(outcome, "outcome");
    }
  }

  /**
   * The request is refused without running the method.
   *
   * @param code why; its status is the response status
   * @param detail the problem's {@code detail}
   * @param retryAfter the {@code Retry-After} value, or {@code null} when there is none
   */
  record Refused(ErrorCode code, String detail, String retryAfter) implements Decision {

    /**
     * Validates the components.
     *
     * @param code never {@code null}
     * @param detail never {@code null}
     * @param retryAfter may be {@code null}
     */
    public Refused {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(detail, "detail");
    }
  }
}
