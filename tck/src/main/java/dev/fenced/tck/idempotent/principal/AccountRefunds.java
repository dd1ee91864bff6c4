package dev.fenced.tck.idempotent.principal;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.SecurityContext;

/** A CDI bean refunding in the caller's scope. */
@ApplicationScoped
public class AccountRefunds {

  @Inject Invocations invocations;
  @Inject SecurityContext security;

  /**
   * Refunds in the caller's scope (the default).
   *
   * @param refundId the key
   * @return the caller this run saw and the run's number
   */
  @Idempotent
  public String refund(@IdempotencyKey String refundId) {
    return Callers.name(security) + ":" + invocations.increment(refundId);
  }
}
