package dev.fenced.cdi.jaxrs;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The content codings a request accepts in its response (RFC 9110 {@code Accept-Encoding}): without
 * the header any coding is acceptable; with it, a coding is acceptable when it is listed with a
 * weight above 0, or {@code *} is and it is not listed with weight 0; {@code identity} is
 * acceptable unless excluded that way. {@code x-gzip} is {@code gzip}.
 */
final class AcceptEncoding {

  /** A request without the header: anything goes. */
  static final AcceptEncoding ANY = new AcceptEncoding(null);

  private final Map<String, Boolean> listed;

  private AcceptEncoding(Map<String, Boolean> listed) {
    this.listed = listed;
  }

  /**
   * Reads the header.
   *
   * @param headerValues every value of the header; {@code null} when the request has none
   * @return what the request accepts
   */
  static AcceptEncoding of(List<String> headerValues) {
    if (headerValues == null || headerValues.isEmpty()) {
      return ANY;
    }
    Map<String, Boolean> listed = new HashMap<>();
    for (String value : headerValues) {
      if (value == null) {
        continue;
      }
      for (String element : value.split(",", -1)) {
        String[] parts = element.split(";", -1);
        String coding = canonical(parts[0].strip().toLowerCase(Locale.ROOT));
        if (!coding.isEmpty()) {
          listed.merge(coding, weight(parts) > 0, Boolean::logicalOr);
        }
      }
    }
    return new AcceptEncoding(listed);
  }

  /**
   * Whether a body with these codings may be sent.
   *
   * @param codings the body's codings
   * @return whether each is acceptable (an identity body: whether identity is)
   */
  boolean accepts(ContentCodings codings) {
    if (codings.isIdentity()) {
      return accepts("identity");
    }
    return codings.names().stream().allMatch(this::accepts);
  }

  private boolean accepts(String coding) {
    if (listed == null) {
      return true;
    }
    Boolean named = listed.get(canonical(coding));
    if (named != null) {
      return named;
    }
    Boolean any = listed.get("*");
    return any != null ? any : coding.equals("identity");
  }

  private static String canonical(String coding) {
    return coding.equals("x-gzip") ? "gzip" : coding;
  }

  /**
   * The {@code q} parameter, 1 when absent; an unreadable one counts as 1, as if it were not set.
   */
  private static double weight(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip();
      if (parameter.length() > 2 && parameter.substring(0, 2).equalsIgnoreCase("q=")) {
        try {
          return Double.parseDouble(parameter.substring(2).strip());
        } catch (NumberFormatException e) {
          return 1;
        }
      }
    }
    return 1;
  }
}
