package dev.fenced.core.idempotency;

import java.util.Objects;

/**
 * The key of a record in the idempotency store, composed so that one caller's key can never
 * impersonate another scope or target.
 *
 * <p>HTTP: {@code <scope>:<key>}; non-HTTP: {@code <key>:<fully.qualified.Class>.<method>} in the
 * global scope and {@code <scope>:<key>:<fully.qualified.Class>.<method>} in a caller's (two raw
 * {@code :} instead of one, so neither form can spell the other). Each segment is percent-encoded
 * (RFC 3986 style, over UTF-8): {@code %}, {@code :}, {@code .}, space, controls and every
 * non-ASCII character are encoded, everything else is kept, so the first {@code :} always ends the
 * first segment and a record key decodes to exactly one list of segments. The dots of a non-HTTP
 * target are the only raw dots a record key can hold: an HTTP key that spells a class and method
 * name can never meet a message handler's record. A GraphQL mutation's record key is its method's
 * with the field's response key as a last segment, {@code
 * [<scope>:]<key>:<Class>.<method>:<field>}: its dotted segment comes second or third of three or
 * four, where a bean method's comes last.
 *
 * @param value the composed key as the store sees it
 */
public record RecordKey(String value) {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /**
   * Validates the value.
   *
   * @param value the composed key, never {@code null} or empty
   */
  public RecordKey {
    Objects.requireNonNull(value, "value");
    if (value.isEmpty()) {
      throw new IllegalArgumentException("a record key is never empty");
    }
  }

  /**
   * The record key of an HTTP request.
   *
   * @param scope the caller's scope; empty is the global scope
   * @param key the client's idempotency key, already validated
   * @return {@code <scope>:<key>}, each segment percent-encoded
   */
  public static RecordKey http(String scope, String key) {
    return new RecordKey(encode(scope) + ":" + encode(key));
  }

  /**
   * The record key of a non-HTTP call, so two handlers of one event keep their own records.
   *
   * @param key the idempotency key, already validated
   * @param className the fully qualified name of the bean class
   * @param methodName the method's name
   * @return {@code <key>:<className>.<methodName>}, each segment percent-encoded
   */
  public static RecordKey method(String key, String className, String methodName) {
    return new RecordKey(
        encode(key) + ":" + encode(className, true) + "." + encode(methodName, false));
  }

  /**
   * The record key of a non-HTTP call made in a caller's scope, so two principals' equal keys keep
   * their own records.
   *
   * @param scope the caller's scope; empty is the global scope, whose record key is exactly {@link
   *     #method(String, String, String)}'s, so records written before calls were scoped stay valid
   * @param key the idempotency key, already validated
   * @param className the fully qualified name of the bean class
   * @param methodName the method's name
   * @return {@code <scope>:<key>:<className>.<methodName>}, or {@code
   *     <key>:<className>.<methodName>} in the global scope; each segment percent-encoded
   */
  public static RecordKey method(String scope, String key, String className, String methodName) {
    RecordKey global = method(key, className, methodName);
    return scope.isEmpty() ? global : new RecordKey(encode(scope) + ":" + global.value);
  }

  /**
   * The record key of a GraphQL mutation, so each field of one operation keeps its own record.
   *
   * @param scope the caller's scope; empty is the global scope
   * @param key the idempotency key, already validated
   * @param className the fully qualified name of the bean class
   * @param methodName the method's name
   * @param responseKey the field's response key in the operation: its alias, or its name
   * @return {@code [<scope>:]<key>:<className>.<methodName>:<responseKey>}, each segment
   *     percent-encoded
   */
  public static RecordKey field(
      String scope, String key, String className, String methodName, String responseKey) {
    return new RecordKey(
        method(scope, key, className, methodName).value + ":" + encode(responseKey));
  }

  /**
   * Percent-encodes one segment.
   *
   * @param segment any string
   * @return the segment with {@code %}, {@code :}, {@code .}, space, controls and non-ASCII as
   *     {@code %XX} UTF-8 bytes
   */
  static String encode(String segment) {
    return encode(segment, false);
  }

  private static String encode(String segment, boolean keepDots) {
    Objects.requireNonNull(segment, "segment");
    StringBuilder out = new StringBuilder(segment.length() + 8);
    for (byte b : TextBytes.of(segment)) {
      int c = b & 0xFF;
      if (c > 0x20 && c < 0x7F && c != '%' && c != ':' && (c != '.' || keepDots)) {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return value;
  }
}
