package dev.fenced.tck.message.failure;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Handlers whose runs fail or return what cannot be stored; runs are counted under the key. */
@ApplicationScoped
public class TokenHandler {

  @Inject Invocations invocations;

  /**
   * Fails on the first run of a key and succeeds on later ones.
   *
   * @param requestId the key
   * @return the run number
   */
  @Idempotent
  public int issueAfterOneFailure(@IdempotencyKey String requestId) {
    int run = invocations.increment(requestId);
    if (run == 1) {
      throw new IllegalStateException("the token service is down");
    }
    return run;
  }

  /**
   * Returns a token JSON-B cannot read back.
   *
   * @param requestId the key
   * @return a token that would lose its value on a replay
   */
  @Idempotent
  public Token issueLossy(@IdempotencyKey String requestId) {
    return new Token("token-" + invocations.increment(requestId));
  }
}
