package dev.fenced.arquillian.cluster.faults;

import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.CUT_AT_BARE_CR;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.DEFAULT_SERVLET_REFUSES_POST;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.INVALID_LENGTH_IGNORED;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.KEY_INVALID;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.MALFORMED_HTTP;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.METHOD_CASE_IGNORED;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.NOT_ALLOWED;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.NOT_FOUND;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.OPTIONS;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.RAN;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.TAB_TURNED_INTO_SPACE;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.TOO_LARGE;
import static dev.fenced.arquillian.cluster.faults.DocumentedAnswer.UNSUPPORTED_TYPE;

import java.util.List;

/**
 * The classes of bad input the fuzz sends to {@code POST api/payments} ({@code @Idempotent},
 * {@code @Consumes(application/json)}), each with the answers the documentation allows for it: the
 * documented table as code ({@code docs/guide/errors.md}, the tutorial's "you send / you get"
 * table, {@code fenced.idempotency.max-request-size} in {@code configuration.md}, and JAX-RS for
 * requests no resource method takes). Every class but the key classes sends a valid key of its own.
 */
enum BadInput {
  KEY_EMPTY(Category.KEY, "an empty header value", KEY_INVALID),
  KEY_BLANK(Category.KEY, "only spaces, bare or quoted", KEY_INVALID),
  KEY_255(Category.KEY, "255 characters, bare or quoted", RAN),
  KEY_256(Category.KEY, "256 or more characters, bare or quoted", KEY_INVALID),
  KEY_UNICODE(Category.KEY, "a non-ASCII character (UTF-8 bytes)", KEY_INVALID),
  KEY_TAB(Category.KEY, "a tab inside the key", KEY_INVALID, TAB_TURNED_INTO_SPACE),
  KEY_CONTROL(
      Category.KEY, "a control character (NUL, SOH, ESC, US, DEL)", KEY_INVALID, MALFORMED_HTTP),
  KEY_BARE_CR(
      Category.KEY, "a bare CR inside the key", KEY_INVALID, MALFORMED_HTTP, CUT_AT_BARE_CR),
  KEY_PADDED(Category.KEY, "spaces and tabs around the key (optional whitespace)", RAN),
  KEY_QUOTED(Category.KEY, "a structured-field string, with escapes", RAN),
  KEY_QUOTED_BROKEN(
      Category.KEY,
      "a broken structured-field string: unterminated, parameters, bad escape, trailing text",
      KEY_INVALID),
  KEY_STRUCTURED_BARE(
      Category.KEY, "bare structured-field look-alikes: token;param, :binary:, ?1 suffix", RAN),
  KEY_REPEATED(Category.KEY, "the header twice, same or another value, any name case", KEY_INVALID),
  KEY_NAME_CASE(Category.KEY, "the header name in another case", RAN),
  BODY_BINARY(Category.BODY, "random bytes declared as JSON", RAN),
  BODY_MALFORMED_JSON(
      Category.BODY, "malformed JSON: truncated, duplicate members, deep nesting, NaN", RAN),
  BODY_EMPTY(Category.BODY, "no body", RAN),
  BODY_AT_LIMIT(Category.BODY, "exactly max-request-size (1 MiB)", RAN),
  BODY_HUGE(Category.BODY, "over max-request-size, with Content-Length", TOO_LARGE),
  BODY_HUGE_CHUNKED(Category.BODY, "over max-request-size, chunked", TOO_LARGE),
  BODY_GZIP(Category.BODY, "gzip-encoded JSON (Content-Encoding: gzip)", RAN),
  CONTENT_TYPE_WRONG(Category.BODY, "a type the method does not consume", UNSUPPORTED_TYPE),
  CONTENT_TYPE_MISSING(Category.BODY, "a body without Content-Type", UNSUPPORTED_TYPE),
  CONTENT_TYPE_JSON_VARIANT(Category.BODY, "application/json in another case, with charset", RAN),
  CONTENT_LENGTH_INVALID(
      Category.BODY,
      "a Content-Length that is no number or negative",
      MALFORMED_HTTP,
      INVALID_LENGTH_IGNORED),
  METHOD_NOT_ALLOWED(Category.METHOD_OR_PATH, "GET, PUT, DELETE, PATCH, HEAD", NOT_ALLOWED),
  METHOD_OPTIONS(Category.METHOD_OR_PATH, "OPTIONS", OPTIONS),
  METHOD_UNKNOWN(Category.METHOD_OR_PATH, "an unknown method token", NOT_ALLOWED),
  METHOD_LOWER_CASE(
      Category.METHOD_OR_PATH, "post in lower or mixed case", NOT_ALLOWED, METHOD_CASE_IGNORED),
  PATH_UNKNOWN(Category.METHOD_OR_PATH, "a path below api/ no resource has", NOT_FOUND),
  PATH_OUTSIDE_APPLICATION(
      Category.METHOD_OR_PATH,
      "a path outside the JAX-RS application",
      NOT_FOUND,
      DEFAULT_SERVLET_REFUSES_POST),
  PATH_EQUIVALENT(Category.METHOD_OR_PATH, "the path with a trailing slash or a query", RAN);

  /** What a class of bad input varies. */
  enum Category {
    KEY,
    BODY,
    METHOD_OR_PATH
  }

  private final Category category;
  private final String description;
  private final List<DocumentedAnswer> documented;

  BadInput(Category category, String description, DocumentedAnswer... documented) {
    this.category = category;
    this.description = description;
    this.documented = List.of(documented);
  }

  /** What this class varies. */
  Category category() {
    return category;
  }

  /** What the requests of this class send. */
  String description() {
    return description;
  }

  /** The answers the documentation allows. */
  List<DocumentedAnswer> documented() {
    return documented;
  }

  /**
   * Whether the documentation allows {@code answer} for this class.
   *
   * @param answer what the server answered
   * @return whether one documented answer matches
   */
  boolean allows(FuzzAnswer answer) {
    return documented.stream().anyMatch(d -> d.matches(answer));
  }

  /** Whether a request of this class, when answered as documented, runs the method once. */
  boolean runs() {
    return documented.contains(RAN);
  }
}
