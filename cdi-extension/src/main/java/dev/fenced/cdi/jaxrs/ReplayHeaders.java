package dev.fenced.cdi.jaxrs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Chooses the response headers that are stored and replayed.
 *
 * <p>A header is kept when its name, compared case-insensitively, is on the method's allowlist
 * ({@code Location}, {@code Content-Type}, {@code Content-Language}, {@code Content-Location},
 * {@code ETag}, {@code Last-Modified} and the configured {@code replayHeaders}) or is {@code
 * Content-Encoding}: it says how the captured bytes are coded, so they can be decoded (and the
 * header dropped) before they are stored, or kept with them when Fenced cannot decode them ({@link
 * ReplayEncoding}). Never kept, whatever the allowlist says: {@code Set-Cookie} (it would hand one
 * client's session to another), framing and hop-by-hop headers the container writes itself ({@code
 * Content-Length}, {@code Transfer-Encoding}, {@code Connection} and friends), and {@code
 * Idempotent-Replayed}.
 */
final class ReplayHeaders {

  /** Marks a replayed response. */
  static final String REPLAYED = "Idempotent-Replayed";

  /** Kept whenever present: they describe the stored bytes themselves. */
  static final Set<String> ALWAYS = Set.of("content-encoding");

  /** Never stored. */
  static final Set<String> NEVER =
      Set.of(
          "set-cookie",
          "set-cookie2",
          "content-length",
          "transfer-encoding",
          "connection",
          "keep-alive",
          "proxy-connection",
          "upgrade",
          "trailer",
          "te",
          "idempotent-replayed");

  private ReplayHeaders() {}

  /**
   * The headers to store.
   *
   * @param allowlist header names to keep, any case
   * @param headers the response headers as sent, names in any case
   * @return the kept headers, names lower case and sorted, values in the order sent; headers whose
   *     names differ only in case are merged
   */
  static Map<String, List<String>> select(
      Set<String> allowlist, Map<String, ? extends List<String>> headers) {
    Objects.requireNonNull(allowlist, "allowlist");
    Objects.requireNonNull(headers, "headers");
    Set<String> allowed = lowerCase(allowlist);
    Map<String, List<String>> kept = new TreeMap<>();
    headers.forEach(
        (name, values) -> {
          if (name == null || values == null || values.isEmpty()) {
            return;
          }
          String lower = name.toLowerCase(Locale.ROOT);
          if (NEVER.contains(lower) || !(allowed.contains(lower) || ALWAYS.contains(lower))) {
            return;
          }
          if (!isStorableName(lower)) {
            return;
          }
          List<String> list = kept.computeIfAbsent(lower, n -> new ArrayList<>());
          values.stream().filter(Objects::nonNull).forEach(list::add);
        });
    kept.values().removeIf(List::isEmpty);
    return kept;
  }

  /**
   * Whether a name is a lower-case HTTP token (RFC 9110 {@code tchar}s, no upper case) other than
   * one that is {@linkplain #NEVER never stored}.
   *
   * @param name a header name
   * @return whether a stored record may hold it
   */
  static boolean isStorableName(String name) {
    if (name == null || name.isEmpty() || NEVER.contains(name)) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean tchar =
          (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
      if (!tchar) {
        return false;
      }
    }
    return true;
  }

  private static Set<String> lowerCase(Set<String> names) {
    Set<String> lower = new HashSet<>();
    for (String name : names) {
      lower.add(name.toLowerCase(Locale.ROOT));
    }
    return lower;
  }
}
