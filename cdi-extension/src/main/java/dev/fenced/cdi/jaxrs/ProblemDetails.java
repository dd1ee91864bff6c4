package dev.fenced.cdi.jaxrs;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.ProblemTypeBase;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * RFC 9457 problem details for the answers Fenced gives instead of running a method.
 *
 * <p>Members, in this order: {@code type} (the {@link ProblemTypeBase} followed by the code in
 * lower case with hyphens, e.g. {@code ...#idempotency-key-in-use}: a stable identifier of the
 * problem, one per code), {@code title} ({@link ErrorCode#title()}, fixed per code), {@code status}
 * (the HTTP status), {@code detail} (what happened to this request and what to do; never the key)
 * and the extension member {@code code} (the {@link ErrorCode} name clients should match on). A
 * specific {@code type} rather than {@code about:blank}, because RFC 9457 wants an {@code
 * about:blank} problem's title to be the status phrase, and one status (409, 400) carries several
 * codes here.
 */
final class ProblemDetails {

  /** The media type of every problem body. */
  static final String MEDIA_TYPE = "application/problem+json";

  private final ProblemTypeBase types;

  /**
   * The problems of a deployment.
   *
   * @param types what every {@code type} starts with
   */
  ProblemDetails(ProblemTypeBase types) {
    this.types = Objects.requireNonNull(types, "types");
  }

  /**
   * The problem {@code type} URI of a code.
   *
   * @param code the code
   * @return for example {@code
   *     https://github.com/fenced-dev/fenced/blob/main/docs/problems.md#idempotency-key-in-use}
   */
  String type(ErrorCode code) {
    return types.typeOf(code);
  }

  /**
   * The problem object for a refusal.
   *
   * @param code why the request was refused
   * @param detail what happened to this request and what the client can do, never {@code null}
   * @return {@code {"type", "title", "status", "detail", "code"}}
   */
  JsonObject of(ErrorCode code, String detail) {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(detail, "detail");
    return JsonSupport.BUILDERS
        .createObjectBuilder()
        .add("type", type(code))
        .add("title", code.title())
        .add("status", code.httpStatus())
        .add("detail", detail)
        .add("code", code.name())
        .build();
  }

  /**
   * The problem body as sent: compact UTF-8 JSON.
   *
   * @param code why the request was refused
   * @param detail what happened and what to do
   * @return the body bytes
   */
  byte[] body(ErrorCode code, String detail) {
    return JsonSupport.toBytes(of(code, detail));
  }
}
