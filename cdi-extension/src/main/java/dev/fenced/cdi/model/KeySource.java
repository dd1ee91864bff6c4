package dev.fenced.cdi.model;

import java.util.Locale;
import java.util.Objects;

/**
 * Where a JAX-RS resource method's idempotency key comes from ({@code @Idempotent(keyFrom)}): a
 * request header (the default, {@code Idempotency-Key}), a query parameter, a path parameter, a
 * field of the JSON request body, or what an application's {@code IdempotencyKeyResolver} bean
 * computes from the request.
 *
 * @param kind which part of the request
 * @param name the header's or the parameter's name, the body field's JSON pointer, or the resolver
 *     bean's {@code @Named} name
 */
public record KeySource(Kind kind, String name) {

  /** Which part of the request holds the key. */
  public enum Kind {
    /** A request header: {@code header:Idempotency-Key}. */
    HEADER,
    /** A query parameter: {@code query:paymentId}. */
    QUERY,
    /** A path parameter of the method's {@code @Path} template: {@code path:orderId}. */
    PATH,
    /** A field of the JSON request body, by RFC 6901 pointer: {@code body:/paymentId}. */
    BODY,
    /** What a named {@code IdempotencyKeyResolver} bean computes: {@code bean:orderKeys}. */
    BEAN
  }

  /**
   * Validates the components.
   *
   * @param kind never {@code null}
   * @param name never {@code null} or blank
   */
  public KeySource {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("the key source names no " + describe(kind));
    }
  }

  /**
   * A request header.
   *
   * @param name the header's name
   * @return the source
   */
  public static KeySource header(String name) {
    return new KeySource(Kind.HEADER, name);
  }

  /**
   * Parses {@code header:<name>}, {@code query:<name>}, {@code path:<name>}, {@code body:<JSON
   * pointer>} or {@code bean:<name>}.
   *
   * @param text the member's value
   * @return the source
   * @throws IllegalArgumentException when the text is none of these
   */
  public static KeySource parse(String text) {
    int colon = text.indexOf(':');
    if (colon > 0) {
      String prefix = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String name = text.substring(colon + 1).strip();
      for (Kind kind : Kind.values()) {
        if (kind.name().toLowerCase(Locale.ROOT).equals(prefix) && !name.isEmpty()) {
          if (kind == Kind.BODY && !name.startsWith("/")) {
            throw new IllegalArgumentException(
                "\"" + name + "\" is not a JSON pointer to a field; write body:/name or body:/a/b");
          }
          return new KeySource(kind, name);
        }
      }
    }
    throw new IllegalArgumentException(
        "\""
            + text
            + "\" is not a key source; write header:<name>, query:<name>, path:<name>,"
            + " body:<JSON pointer> or bean:<name>");
  }

  /**
   * Whether the key is a value of the request itself (a query or path parameter, a body field) or
   * computed from the request (a resolver bean), which belongs to the method: the same order id on
   * two methods is two records.
   *
   * @return {@code true} for a query or path parameter, a body field or a resolver bean
   */
  public boolean belongsToMethod() {
    return kind != Kind.HEADER;
  }

  /**
   * Whether the key may depend on the request body, so the body is read before the key is known.
   *
   * @return {@code true} for a body field or a resolver bean
   */
  public boolean inBody() {
    return kind == Kind.BODY || kind == Kind.BEAN;
  }

  /**
   * The source as messages name it.
   *
   * @return {@code Idempotency-Key header}, {@code paymentId query parameter}, {@code orderId path
   *     parameter}, {@code /paymentId field of the JSON body}, {@code orderKeys key resolver bean}
   */
  public String describe() {
    return name + " " + describe(kind);
  }

  private static String describe(Kind kind) {
    return switch (kind) {
      case HEADER -> "header";
      case QUERY -> "query parameter";
      case PATH -> "path parameter";
      case BODY -> "field of the JSON body";
      case BEAN -> "key resolver bean";
    };
  }
}
