package dev.fenced.cdi.jaxrs;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A stored HTTP response: what a repeat of the request gets back.
 *
 * @param status the status, 100 to 599
 * @param headers the stored headers, names lower case, in name order; values in the order sent
 * @param body the body bytes exactly as the client received them; empty when there was none
 */
record HttpOutcome(int status, Map<String, List<String>> headers, byte[] body) {

  /**
   * Validates and copies the components.
   *
   * @param status 100 to 599
   * @param headers never {@code null}; names are lower-cased
   * @param body never {@code null}; copied
   */
  HttpOutcome {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException(status + " is not an HTTP status");
    }
    Objects.requireNonNull(headers, "headers");
    TreeMap<String, List<String>> copy = new TreeMap<>();
    headers.forEach(
        (name, values) ->
            copy.merge(name.toLowerCase(Locale.ROOT), List.copyOf(values), HttpOutcome::concat));
    headers = Collections.unmodifiableMap(copy);
    body = Objects.requireNonNull(body, "body").clone();
  }

  /**
   * The body bytes.
   *
   * @return a copy the caller owns
   */
  @Override
  public byte[] body() {
    return body.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof HttpOutcome that
        && status == that.status
        && headers.equals(that.headers)
        && Arrays.equals(body, that.body);
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, headers, Arrays.hashCode(body));
  }

  @Override
  public String toString() {
    return "HttpOutcome[status="
        + status
        + ", headers="
        + headers.keySet()
        + ", body="
        + body.length
        + " bytes]";
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}
