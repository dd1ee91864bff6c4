package dev.fenced.cdi.jaxrs;

import dev.fenced.idempotency.IdempotencyKeyResolver;
import java.util.Objects;

/**
 * The read-only view of a request a key resolver bean gets: its method, path, media type and
 * decoded body from the gate, its headers and parameters looked up on demand.
 */
final class ResolverRequest implements IdempotencyKeyResolver.Request {

  private final IncomingRequest request;
  private final byte[] body;

  /**
   * Creates the view.
   *
   * @param request the request
   * @param body its decoded body, never handed out itself
   */
  ResolverRequest(IncomingRequest request, byte[] body) {
    this.request = Objects.requireNonNull(request, "request");
    this.body = Objects.requireNonNull(body, "body");
  }

  @Override
  public String method() {
    return request.method();
  }

  @Override
  public String path() {
    return request.path();
  }

  @Override
  public String header(String name) {
    return request.values().header(name);
  }

  @Override
  public String queryParameter(String name) {
    return request.values().queryParameter(name);
  }

  @Override
  public String pathParameter(String name) {
    return request.values().pathParameter(name);
  }

  @Override
  public String mediaType() {
    return request.mediaType();
  }

  @Override
  public byte[] body() {
    return body.clone();
  }
}
