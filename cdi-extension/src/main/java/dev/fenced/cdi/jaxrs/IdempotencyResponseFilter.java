package dev.fenced.cdi.jaxrs;

import dev.fenced.core.idempotency.StoragePolicy;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.lang.System.Logger.Level;

/**
 * Bound to one guarded resource method: decides, from the final status and entity, whether the
 * response is stored now (no body), after the writer interceptor captured the body, or not at all
 * (the key is released). Runs after the method returned, so after its own transaction ended; also
 * sees responses an {@code ExceptionMapper} produced. A response to a request that a later request
 * filter aborted ({@link LastRequestFilter}) releases the key: the method never ran; so does one
 * MicroProfile Fault Tolerance made up instead of the method's body ({@link WitnessedResource}), or
 * one whose method gave up storing it ({@code IdempotencyContext.doNotStore()}). If deciding fails,
 * the key is released before the error goes on.
 */
final class IdempotencyResponseFilter implements ContainerResponseFilter {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final StoragePolicy policy;

  /**
   * Creates the filter of one method.
   *
   * @param policy the method's storage policy
   */
  IdempotencyResponseFilter(StoragePolicy policy) {
    this.policy = policy;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(ClaimedRequest.PROPERTY) instanceof ClaimedRequest claimed)) {
      return;
    }
    try {
      decide(claimed, response);
    } catch (RuntimeException | Error e) {
      claimed.abandon();
      throw e;
    }
  }

  private void decide(ClaimedRequest claimed, ContainerResponseContext response) {
    int status = response.getStatus();
    if (!claimed.filtersPassed()) {
      claimed.release(
          "a request filter after Fenced's answered " + status + " before the method ran");
      return;
    }
    if (claimed.storageRefused()) {
      claimed.release(
          claimed.storingGivenUp()
              ? "the method gave up storing its response (IdempotencyContext.doNotStore)"
              : "Fault Tolerance answered " + status + " instead of the method's body");
      return;
    }
    Object entity = response.hasEntity() ? response.getEntity() : null;
    StoragePolicy applied = claimed.exceptionChosen() ? StoragePolicy.everyStatus() : policy;
    switch (ResponsePlan.of(applied, status, entity, response.getMediaType())) {
      case RELEASE -> claimed.release("the status " + status + " is not stored (" + policy + ")");
      case RELEASE_STREAMING -> {
        LOG.log(
            Level.WARNING,
            "The response of "
                + claimed.target()
                + " is streamed ("
                + entity.getClass().getName()
                + ") and cannot be stored, so its idempotency key was released: a repeat will run"
                + " the method again. Return the body as a value to make it replayable.");
        claimed.release("the response is streamed");
      }
      case STORE_NOW ->
          claimed.store(
              new HttpOutcome(
                  status,
                  ReplayHeaders.select(
                      claimed.model().http().replayHeaders(), response.getStringHeaders()),
                  new byte[0]));
      case CAPTURE_BODY -> claimed.awaitBody(status);
    }
  }
}
