package dev.fenced.tck.deployment.idempotent.withwork;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;

/** A valid guarded method: what fails is the deployment's configuration. */
@ApplicationScoped
public class Transfers {

  /**
   * Books a transfer.
   *
   * @param transferId the key
   * @return the booking
   */
  @Idempotent
  public String book(@IdempotencyKey String transferId) {
    return "booked " + transferId;
  }
}
