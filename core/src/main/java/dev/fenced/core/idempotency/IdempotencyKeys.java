package dev.fenced.core.idempotency;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;

/**
 * Reads and checks the idempotency key a client sent.
 *
 * <p>A valid key is 1 to {@value #MAX_LENGTH} printable ASCII characters ({@code %x20-7E}) and not
 * only spaces. Over HTTP the {@code Idempotency-Key} header holds the key bare ({@code abc}) or as
 * an RFC 8941 structured-field string ({@code "abc"}, with {@code \"} and {@code \\} escapes); both
 * give the key {@code abc}. Parameters after a quoted string ({@code "abc";p=1}) are refused, since
 * the draft defines none. A bare key with a comma is refused too: it is what an intermediary makes
 * of two header lines when it merges them ({@code a, b}, RFC 9110 section 5.3), so it may be two
 * keys; a key that holds a comma on purpose is sent quoted. Error messages never repeat the key,
 * which may be long or sensitive; they say what is allowed and where the key broke the rule.
 */
public final class IdempotencyKeys {

  /** The longest key, in characters. */
  public static final int MAX_LENGTH = 255;

  private static final String ALLOWED =
      "an idempotency key is 1 to "
          + MAX_LENGTH
          + " printable ASCII characters (space to '~'), not only spaces";

  private IdempotencyKeys() {}

  /**
   * The key in an {@code Idempotency-Key} header value, unquoted and checked.
   *
   * @param headerValue the field value; surrounding spaces and tabs are ignored
   * @return the key
   * @throws IdempotencyException with {@code IDEMPOTENCY_KEY_INVALID} when the value is not a valid
   *     key, bare or quoted
   */
  public static String fromHeader(String headerValue) {
    if (headerValue == null) {
      throw invalid("the header has no value");
    }
    String value = stripOptionalWhitespace(headerValue);
    if (value.startsWith("\"")) {
      return validate(unquote(value));
    }
    if (value.indexOf(',') >= 0) {
      throw invalid(
          "an unquoted key holds a comma, which is how two header lines read once an intermediary"
              + " merged them; send exactly one key, and quote a key that holds a comma (\"a,b\")");
    }
    return validate(value);
  }

  /**
   * Checks a key as given (no unquoting): the non-HTTP path and the last step of {@link
   * #fromHeader}.
   *
   * @param key the key
   * @return {@code key}
   * @throws IdempotencyException with {@code IDEMPOTENCY_KEY_INVALID} when the key is not valid
   */
  public static String validate(String key) {
    if (key == null || key.isEmpty()) {
      throw invalid("the key is empty");
    }
    if (key.length() > MAX_LENGTH) {
      throw invalid("the key is " + key.length() + " characters long");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < 0x20 || c > 0x7E) {
        throw invalid(
            String.format("character %d of the key is U+%04X, outside printable ASCII", i + 1, +c));
      }
    }
    if (key.isBlank()) {
      throw invalid("the key is only spaces");
    }
    return key;
  }

  /** Parses an RFC 8941 sf-string that must make up the whole value. */
  private static String unquote(String value) {
    StringBuilder key = new StringBuilder(value.length());
    int i = 1;
    while (i < value.length()) {
      char c = value.charAt(i);
      if (c == '\\') {
        if (i + 1 >= value.length()) {
          throw invalid("the quoted key ends inside an escape");
        }
        char escaped = value.charAt(i + 1);
        if (escaped != '"' && escaped != '\\') {
          throw invalid(
              "the quoted key escapes character "
                  + (i + 2)
                  + "; only \\\" and \\\\ may be escaped");
        }
        key.append(escaped);
        i += 2;
      } else if (c == '"') {
        if (i != value.length() - 1) {
          throw invalid("the quoted key is followed by other characters");
        }
        return key.toString();
      } else if (c < 0x20 || c > 0x7E) {
        throw invalid(
            String.format(
                "character %d of the quoted key is U+%04X, outside printable ASCII", i + 1, +c));
      } else {
        key.append(c);
        i++;
      }
      if (key.length() > MAX_LENGTH) {
        throw invalid("the quoted key is longer than " + MAX_LENGTH + " characters");
      }
    }
    throw invalid("the quoted key has no closing quote");
  }

  private static String stripOptionalWhitespace(String value) {
    int start = 0;
    int end = value.length();
    while (start < end && isOptionalWhitespace(value.charAt(start))) {
      start++;
    }
    while (end > start && isOptionalWhitespace(value.charAt(end - 1))) {
      end--;
    }
    return value.substring(start, end);
  }

  private static boolean isOptionalWhitespace(char c) {
    return c == ' ' || c == '\t';
  }

  private static IdempotencyException invalid(String problem) {
    return new IdempotencyException(ErrorCode.IDEMPOTENCY_KEY_INVALID, ALLOWED + "; " + problem);
  }
}
