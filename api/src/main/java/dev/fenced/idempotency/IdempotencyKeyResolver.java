package dev.fenced.idempotency;

/**
 * Computes the idempotency key of a JAX-RS request from the request itself, for keys no single
 * header, parameter or body field holds: two fields of the body ({@code "order:" + orderId + ":" +
 * attempt}), a field chosen by the media type, a normalized value.
 *
 * <p>Implement it as a {@code @Named} CDI bean and select it with {@code @Idempotent(keyFrom =
 * "bean:<name>")} on a resource method or its class. Fenced calls {@link #resolveKey} once per
 * request to a guarded method, after it read the body (up to {@code
 * fenced.idempotency.max-request-size}, decoded when it has a {@code Content-Encoding}) and before
 * it claims anything or runs the method; a request with a larger body is refused first (413). The
 * key it returns is validated as any key (1 to 255 printable ASCII characters, else 400 {@code
 * IDEMPOTENCY_KEY_INVALID}) and, as a key read from the request's own values does, belongs to the
 * method: the same key on two methods is two records. It is called from many request threads at
 * once: it must be thread-safe, fast and free of side effects, and must not keep the request.
 */
@FunctionalInterface
public interface IdempotencyKeyResolver {

  /**
   * The key of one request.
   *
   * @param request the request, readable only during this call
   * @return the key; {@code null} or empty when the request holds none, which is then refused with
   *     400 {@code IDEMPOTENCY_KEY_REQUIRED} when the method requires a key, else run unguarded.
   *     When this throws, the request is refused with 500 {@code IDEMPOTENCY_KEY_UNRESOLVABLE},
   *     nothing is claimed and the method does not run
   */
  String resolveKey(Request request);

  /**
   * What a resolver may read of a request: a read-only view, independent of JAX-RS.
   *
   * <p>Names of headers are case-insensitive; names of parameters are not. Values are decoded
   * (query and path parameters after URL decoding). When a header, parameter or body is absent the
   * method returns {@code null} (the body: an empty array).
   */
  interface Request {

    /**
     * The HTTP method.
     *
     * @return the method as received, {@code POST}
     */
    String method();

    /**
     * The request path below the application's base URI.
     *
     * @return the path with a leading {@code /}, still percent-encoded as received
     */
    String path();

    /**
     * A request header.
     *
     * @param name the header's name, in any case
     * @return its value, its lines joined with {@code ", "} when it has several, or {@code null}
     */
    String header(String name);

    /**
     * A query parameter.
     *
     * @param name the parameter's name
     * @return its first value, decoded, or {@code null}
     */
    String queryParameter(String name);

    /**
     * A parameter of the method's {@code @Path} templates.
     *
     * @param name the template parameter's name, {@code orderId} of {@code {orderId}}
     * @return its value, decoded, or {@code null}
     */
    String pathParameter(String name);

    /**
     * The request's media type.
     *
     * @return its {@code Content-Type}, or {@code null} when it has none
     */
    String mediaType();

    /**
     * The request body.
     *
     * @return a copy of the body, decoded from its content coding; empty when there is none
     */
    byte[] body();
  }
}
