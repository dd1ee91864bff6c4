package dev.fenced.tck.support;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A response as the client saw it: status, headers (names compared case-insensitively) and the body
 * bytes.
 *
 * @param status the status code
 * @param headers the header values by name
 * @param body the body bytes, empty when there was none
 */
public record Reply(int status, Map<String, List<String>> headers, byte[] body) {

  /** The header a replayed response carries. */
  public static final String REPLAYED = "Idempotent-Replayed";

  public Reply {
    Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach(
        (name, values) -> {
          if (name != null) {
            copy.computeIfAbsent(name, n -> new ArrayList<>()).addAll(values);
          }
        });
    headers = copy;
    body = body.clone();
  }

  /**
   * The first value of a header.
   *
   * @param name the header name, any case
   * @return the value, or empty when the header is absent
   */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /**
   * Every value of a header.
   *
   * @param name the header name, any case
   * @return the values, empty when the header is absent
   */
  public List<String> headerValues(String name) {
    return headers.getOrDefault(name, List.of());
  }

  /**
   * The body as UTF-8 text.
   *
   * @return the text
   */
  public String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /**
   * The media type of the body without parameters, lower case.
   *
   * @return e.g. {@code application/json}, or empty without a {@code Content-Type}
   */
  public Optional<String> mediaType() {
    return header("Content-Type")
        .map(value -> value.split(";", 2)[0].strip().toLowerCase(Locale.ROOT));
  }

  /**
   * Whether the response says it was replayed ({@code Idempotent-Replayed: true}).
   *
   * @return whether the header is there with the value {@code true}
   */
  public boolean replayed() {
    return header(REPLAYED).map(v -> v.strip().equalsIgnoreCase("true")).orElse(false);
  }

  /**
   * A one-line description for assertion messages.
   *
   * @return status, headers and body text
   */
  public String describe() {
    return status + " " + headers + " " + text();
  }

  @Override
  public String toString() {
    return describe();
  }
}
