package dev.fenced.tck.message.context;

import dev.fenced.idempotency.IdempotencyContext;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A CDI bean issuing one-time tokens: an outcome that must not be served twice. */
@ApplicationScoped
public class OneTimeTokens {

  @Inject Invocations invocations;
  @Inject Gates gates;
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

  /**
   * Issues a token, gives up storing it, then holds at the gate named by the key.
   *
   * @param requestId the key, the gate and the counter
   * @return the token of this run
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent
  public String issueSlowly(@IdempotencyKey String requestId) throws InterruptedException {
    context.doNotStore();
    String token = "token-" + invocations.increment(requestId);
    gates.pass(requestId);
    return token;
  }

  /**
   * Tells the key the context sees.
   *
   * @param requestId the key
   * @return the context's key, {@code none} when it has none
   */
  @Idempotent
  public String keySeen(@IdempotencyKey String requestId) {
    invocations.increment(requestId);
    return context.key().orElse("none");
  }
}
