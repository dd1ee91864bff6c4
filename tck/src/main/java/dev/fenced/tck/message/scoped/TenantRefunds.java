package dev.fenced.tck.message.scoped;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A CDI bean whose refunds are scoped per tenant, or by the caller principal (the default). */
@ApplicationScoped
public class TenantRefunds {

  @Inject Invocations invocations;

  /**
   * Refunds for the request's tenant.
   *
   * @param refundId the key
   * @return the run that made the refund
   */
  @Idempotent(scope = "tenant")
  public int refund(@IdempotencyKey String refundId) {
    return invocations.increment(refundId);
  }

  /**
   * Refunds in the caller's scope: the caller principal, none for an unauthenticated caller.
   *
   * @param refundId the key
   * @return the run that made the refund
   */
  @Idempotent
  public int refundAsCaller(@IdempotencyKey String refundId) {
    return invocations.increment(refundId);
  }
}
