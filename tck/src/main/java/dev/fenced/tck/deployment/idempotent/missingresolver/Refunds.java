package dev.fenced.tck.deployment.idempotent.missingresolver;

import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/** Invalid: its key comes from a resolver bean that the deployment does not have. */
@Path("refunds")
@RequestScoped
public class Refunds {

  /** The resolver bean's name, which no bean carries. */
  public static final String MISSING = "refundKeysNobodyDeployed";

  /**
   * Refunds once per key.
   *
   * @param body the refund
   * @return the refund
   */
  @POST
  @Idempotent(keyFrom = "bean:" + MISSING)
  public String refund(String body) {
    return body;
  }
}
