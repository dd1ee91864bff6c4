package dev.fenced.cdi.jaxrs;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.spi.CDI;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The fallback end of claims the {@link ClaimCleanupListener} does not see (it is not registered,
 * or the deployment is not a servlet one): the claims of one request, ended like the listener does
 * when the CDI request context of the request is destroyed, after the response was written.
 * Registered by the Fenced extension.
 */
@RequestScoped
public class RequestClaims {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final List<ClaimedRequest> claims = new CopyOnWriteArrayList<>();

  /** Created by CDI. */
  public RequestClaims() {}

  /**
   * Ends {@code claimed} at the end of the current request, unless it ended before.
   *
   * @param claimed a claim of the current request
   */
  public void hold(ClaimedRequest claimed) {
    claims.add(claimed);
  }

  /** Releases every held claim that nothing else ended. */
  @PreDestroy
  public void requestEnded() {
    claims.forEach(ClaimedRequest::abandon);
    claims.clear();
  }

  /**
   * Hands claims to the current request's holder through CDI; when there is none (no active request
   * context), logs a warning and leaves the claim to the response filter and writer interceptor.
   *
   * @return the hand-over
   */
  static Consumer<ClaimedRequest> ofCurrentRequest() {
    return claimed -> {
      try {
        CDI.current().select(RequestClaims.class).get().hold(claimed);
      } catch (RuntimeException e) {
        LOG.log(
            Level.WARNING,
            "Neither Fenced's ClaimCleanupListener nor a CDI request context ends the claim of "
                + claimed.target()
                + " (idempotency record "
                + claimed.recordDigest()
                + ") if the request fails before a response: register"
                + " dev.fenced.cdi.jaxrs.ClaimCleanupListener in web.xml",
            e);
      }
    };
  }
}
