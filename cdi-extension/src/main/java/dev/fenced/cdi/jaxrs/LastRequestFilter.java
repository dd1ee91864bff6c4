package dev.fenced.cdi.jaxrs;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

/**
 * Bound to one guarded resource method with the largest priority, so it is the last request filter:
 * it notes on the request's claim that no filter after Fenced's answered or failed. A claim without
 * that note at the response filter belongs to a request some later filter aborted (401, 403,
 * 429...): the method never ran, so the key is released instead of that answer being stored.
 *
 * <p>Only the filter chain is seen: a request refused after the filters, by parameter conversion or
 * Bean Validation, is still answered from the method's side and its 4xx stored like any other; the
 * same request (the fingerprint pins method, path, query and body) gets the same answer again.
 */
final class LastRequestFilter implements ContainerRequestFilter {

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getProperty(ClaimedRequest.PROPERTY) instanceof ClaimedRequest claimed) {
      claimed.passFilters();
    }
  }
}
