package dev.fenced.tck.message.scoped;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/** A session bean whose charges are scoped per tenant, or shared by all callers. */
@Stateless
public class TenantCharges {

  @Inject Invocations invocations;

  /**
   * Charges for the request's tenant.
   *
   * @param chargeId the key
   * @return the run that made the charge
   */
  @Idempotent(scope = "tenant")
  public int charge(@IdempotencyKey String chargeId) {
    return invocations.increment(chargeId);
  }

  /**
   * Charges once for every caller.
   *
   * @param chargeId the key
   * @return the run that made the charge
   */
  @Idempotent(scope = "global")
  public int chargeForAll(@IdempotencyKey String chargeId) {
    return invocations.increment(chargeId);
  }
}
