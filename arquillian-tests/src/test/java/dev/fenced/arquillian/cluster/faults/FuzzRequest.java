package dev.fenced.arquillian.cluster.faults;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request of the fuzz: what it sends, byte for byte, and which class of bad input it is.
 *
 * @param id its number in the run; its key, when it has one, holds {@link #tag()}
 * @param input its class
 * @param method the HTTP method
 * @param path below the deployment's base, e.g. {@code api/payments}, maybe with a query
 * @param headers the header lines in order (the key header included), values as sent
 * @param body the body, empty for none
 * @param chunked whether the body goes chunked rather than with a {@code Content-Length}
 * @param overSocket whether it must go over a plain socket, as the JDK's client would refuse or
 *     change it (control characters, non-ASCII bytes, restricted headers, a huge or chunked body)
 */
record FuzzRequest(
    int id,
    BadInput input,
    String method,
    String path,
    List<Header> headers,
    byte[] body,
    boolean chunked,
    boolean overSocket) {

  /** The prefix of every fuzz key. */
  static final String PREFIX = "fuzz-";

  /** Finds a fuzz request's tag in a stored key or a recorded side effect. */
  static final Pattern TAG = Pattern.compile(PREFIX + "(\\d{6})");

  /** The key header's usual name. */
  static final String KEY_HEADER = "Idempotency-Key";

  /**
   * One header line.
   *
   * @param name the field name
   * @param value the field value, sent as UTF-8 bytes
   */
  record Header(String name, String value) {

    byte[] bytes() {
      return (name + ": " + value + "\r\n").getBytes(StandardCharsets.UTF_8);
    }
  }

  FuzzRequest {
    headers = List.copyOf(headers);
  }

  /**
   * The tag every key of this request holds, e.g. {@code fuzz-000042}.
   *
   * @return the tag
   */
  String tag() {
    return PREFIX + "%06d".formatted(id);
  }

  /**
   * The id of the fuzz request a stored key or side effect belongs to.
   *
   * @param text a store key, a Redis key name or a recorded key
   * @return the id, or -1 when the text holds no tag
   */
  static int idIn(String text) {
    Matcher tag = TAG.matcher(text);
    return tag.find() ? Integer.parseInt(tag.group(1)) : -1;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    text.append('#').append(id).append(' ').append(input).append(": ");
    text.append(method).append(' ').append(path);
    for (Header header : headers) {
      String value = header.value();
      if (value.length() > 80) {
        value = value.substring(0, 60) + "...(" + value.length() + " chars)";
      }
      text.append(" | ").append(header.name()).append(": ").append(printable(value));
    }
    text.append(" | body ").append(body.length).append(" bytes");
    if (body.length > 0 && body.length <= 60) {
      text.append(' ').append(printable(new String(body, StandardCharsets.UTF_8)));
    }
    return text.append(chunked ? ", chunked" : "")
        .append(overSocket ? ", over a socket" : "")
        .toString();
  }

  private static String printable(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : text.toCharArray()) {
      out.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : "\\u%04X".formatted((int) c));
    }
    return out.toString();
  }
}
