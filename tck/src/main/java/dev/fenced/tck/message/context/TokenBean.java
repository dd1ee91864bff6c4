package dev.fenced.tck.message.context;

import dev.fenced.idempotency.IdempotencyContext;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/**
 * A stateless session bean (container-managed transactions) issuing one-time tokens: its key is
 * released once its transaction committed.
 */
@Stateless
public class TokenBean {

  @Inject Invocations invocations;
  @Inject IdempotencyContext context;

  /**
   * Issues a token and gives up storing it.
   *
   * @param requestId the key and the counter
   * @return the token of this run
   */
  @Idempotent
  public String issue(@IdempotencyKey String requestId) {
    context.doNotStore();
    return "token-" + invocations.increment(requestId);
  }
}
