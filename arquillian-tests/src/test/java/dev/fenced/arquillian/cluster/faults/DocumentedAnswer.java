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
   * Widened, not in the documentation: WildFly's HTTP server (Undertow) turns a tab inside a field
   * value into a space before the application sees it, so Fenced gets a valid key and the method
   * runs (under the key with the space). Open Liberty passes the tab: 400.
   */
  static final DocumentedAnswer TAB_TURNED_INTO_SPACE =
      new DocumentedAnswer(
          201, null, "widened: Undertow turns a tab in a field value into a space");

  /**
   * Widened, not in the documentation: WildFly's HTTP server (Undertow) ends a field value at a
   * bare CR rather than refusing the request (RFC 9112 section 2.2 asks to refuse it or read a
   * space), so Fenced gets the valid key before the CR and the method runs under it.
   */
  static final DocumentedAnswer CUT_AT_BARE_CR =
      new DocumentedAnswer(201, null, "widened: Undertow ends a field value at a bare CR");

  /**
   * Widened, not in the documentation: outside the JAX-RS application's path WildFly's default
   * servlet answers, and it refuses {@code POST} with 405 (Open Liberty answers 404).
   */
  static final DocumentedAnswer DEFAULT_SERVLET_REFUSES_POST =
      new DocumentedAnswer(405, null, "widened: the default servlet refuses POST");

  /**
   * Widened, not in the documentation: WildFly and Open Liberty both run {@code post} or {@code
   * Post} as {@code POST}, though method names are case-sensitive (RFC 9110 section 9.1); Fenced
   * guards it as any request with a valid key.
   */
  static final DocumentedAnswer METHOD_CASE_IGNORED =
      new DocumentedAnswer(201, null, "widened: both servers take post as POST");

  /**
   * Widened, not in the documentation: Open Liberty runs a request whose {@code Content-Length} is
   * no valid length (RFC 9112 section 6.3 asks for 400), reading the body that follows; Fenced then
   * guards it as any request with a valid key.
   */
  static final DocumentedAnswer INVALID_LENGTH_IGNORED =
      new DocumentedAnswer(201, null, "widened: Open Liberty ignores an invalid Content-Length");

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
    if (status == 201) {
      return !answer.replayed();
    }
    return code == null ? answer.code() == null : code.equals(answer.code());
  }

  @Override
  public String toString() {
    return status + (code == null ? "" : " " + code);
  }
}
