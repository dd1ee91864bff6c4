package dev.fenced.cdi.jaxrs;

import dev.fenced.cdi.call.RunControl;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.spi.CDI;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

/**
 * The fallback end of claims the {@link ClaimCleanupListener} does not see (it is not registered,
 * or the deployment is not a servlet one): the claims of one request, ended like the listener does
 * when the CDI request context of the request is destroyed, after the response was written.
 * Registered by the Fenced extension.
 */
@RequestScoped
public class RequestClaims {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final List<ClaimedRequest> claims = new CopyOnWriteArrayList<>();
  private volatile ClaimedRequest current;

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

  /**
   * Notes the claim of the current request, so the resource method's {@code @Idempotent}
   * interceptor finds it.
   *
   * @param claimed the claim the request filter took
   */
  void current(ClaimedRequest claimed) {
    current = claimed;
  }

  /**
   * The claim of the current request, if its request filter took one.
   *
   * @return the claim
   */
  Optional<ClaimedRequest> current() {
    return Optional.ofNullable(current);
  }

  /**
   * The claim of the current request through CDI, if there is a request context and a claim.
   *
   * @return the claim
   */
  static Optional<ClaimedRequest> ofCurrentRequestClaim() {
    try {
      return CDI.current().select(RequestClaims.class).get().current();
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "No CDI request context: no claim of the current request", e);
      return Optional.empty();
    }
  }

  /**
   * The claim of the current request as the injectable {@code IdempotencyContext} sees it.
   *
   * @return the claim, or empty outside a request whose key Fenced claimed
   */
  public static Optional<RunControl> currentRun() {
    return ofCurrentRequestClaim().map(RunControl.class::cast);
  }

  /** Releases every held claim that nothing else ended. */
  @PreDestroy
  public void requestEnded() {
    claims.forEach(ClaimedRequest::abandon);
    claims.clear();
  }

  /**
   * Hands claims to the current request's holder through CDI, which ends them at the end of the
   * request unless {@code endedElsewhere} says the cleanup listener does; when there is no holder
   * (no active request context), logs a warning and leaves the claim to the response filter and
   * writer interceptor.
   *
   * @return the hand-over: the claim, and whether the cleanup listener ends it
   */
  static BiConsumer<ClaimedRequest, Boolean> ofCurrentRequest() {
    return (claimed, endedElsewhere) -> {
      try {
        RequestClaims claims = CDI.current().select(RequestClaims.class).get();
        claims.current(claimed);
        if (!endedElsewhere) {
          claims.hold(claimed);
        }
      } catch (RuntimeException e) {
        if (endedElsewhere) {
          LOG.log(
              Level.DEBUG,
              "No CDI request context for " + claimed.target() + "; its commit is not marked",
              e);
          return;
        }
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
