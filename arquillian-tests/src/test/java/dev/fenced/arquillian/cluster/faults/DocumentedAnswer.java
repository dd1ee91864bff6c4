package dev.fenced.arquillian.cluster.faults;

/**
 * One answer the documentation lists for a request: a status, and the problem {@code code} when
 * Fenced answers with {@code application/problem+json}.
 *
 * @param status the HTTP status
 * @param code the problem code, or {@code null} when the answer is no Fenced problem
 * @param source where the documentation or the standard says so
 */
record DocumentedAnswer(int status, String code, String source) {

  /** The method ran: 201 and not a replay (tutorial, "you send / you get", first row). */
  static final DocumentedAnswer RAN = new DocumentedAnswer(201, null, "tutorial.md: first request");

  /** A key that is empty, too long, not printable ASCII, or sent twice (errors.md). */
  static final DocumentedAnswer KEY_INVALID =
      new DocumentedAnswer(400, "IDEMPOTENCY_KEY_INVALID", "errors.md: IDEMPOTENCY_KEY_INVALID");

  /** A body over {@code fenced.idempotency.max-request-size} (errors.md, configuration.md). */
  static final DocumentedAnswer TOO_LARGE =
      new DocumentedAnswer(
          413, "IDEMPOTENCY_REQUEST_TOO_LARGE", "errors.md: IDEMPOTENCY_REQUEST_TOO_LARGE");

  /** JAX-RS: no resource at the path. */
  static final DocumentedAnswer NOT_FOUND =
      new DocumentedAnswer(404, null, "JAX-RS: no resource matches the path");

  /** JAX-RS: the resource has no method for the HTTP method. */
  static final DocumentedAnswer NOT_ALLOWED =
      new DocumentedAnswer(405, null, "JAX-RS: no resource method for the HTTP method");

  /** JAX-RS: the method does not consume the request's media type ({@code @Consumes}). */
  static final DocumentedAnswer UNSUPPORTED_TYPE =
      new DocumentedAnswer(415, null, "JAX-RS: @Consumes(application/json) refuses the type");

  /** JAX-RS: the automatic answer to {@code OPTIONS}. */
  static final DocumentedAnswer OPTIONS =
      new DocumentedAnswer(200, null, "JAX-RS: automatic OPTIONS answer");

  /** The HTTP server refused bytes HTTP does not allow, before the application saw them. */
  static final DocumentedAnswer MALFORMED_HTTP =
      new DocumentedAnswer(400, null, "RFC 9110/9112: the server refuses a malformed message");

  /**
   * Whether {@code answer} is this one.
   *
   * @param answer what the server answered
   * @return same status, and the same problem code (none when this lists none)
   */
  boolean matches(FuzzAnswer answer) {
    if (answer.status() != status) {
      return false;
    }
    if (this == RAN) {
      return !answer.replayed();
    }
    return code == null ? answer.code() == null : code.equals(answer.code());
  }

  @Override
  public String toString() {
    return status + (code == null ? "" : " " + code);
  }
}
