package dev.fenced.tck.idempotent.principal;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.security.enterprise.SecurityContext;

/** A session bean charging in the caller's scope, or once for all callers. */
@Stateless
public class AccountCharges {

  @Inject Invocations invocations;
  @Inject SecurityContext security;

  /**
   * Charges in the caller's scope (the default).
   *
   * @param chargeId the key
   * @return the caller this run saw and the run's number, {@code alice:1}
   */
  @Idempotent
  public String charge(@IdempotencyKey String chargeId) {
    return Callers.name(security) + ":" + invocations.increment(chargeId);
  }

  /**
   * Charges once for every caller.
   *
   * @param chargeId the key
   * @return the caller this run saw and the run's number
   */
  @Idempotent(scope = Idempotent.GLOBAL_SCOPE)
  public String chargeForAll(@IdempotencyKey String chargeId) {
    return Callers.name(security) + ":" + invocations.increment(chargeId);
  }
}
