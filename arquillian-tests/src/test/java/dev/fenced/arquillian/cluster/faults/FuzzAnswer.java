package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The answer one fuzz request got.
 *
 * @param request the request
 * @param member where it went
 * @param status the HTTP status, or -1 when no answer came
 * @param contentType the answer's {@code Content-Type}, or {@code null}
 * @param code the problem {@code code} of an {@code application/problem+json} answer, or {@code
 *     null}
 * @param replayed whether it carried {@code Idempotent-Replayed: true}
 * @param excerpt the start of the body, or why no answer came
 */
record FuzzAnswer(
    FuzzRequest request,
    ClusterMember member,
    int status,
    String contentType,
    String code,
    boolean replayed,
    String excerpt) {

  private static final Pattern CODE = Pattern.compile("\"code\"\\s*:\\s*\"([A-Z_]+)\"");
  private static final int EXCERPT = 300;

  /**
   * Reads an answer.
   *
   * @param request the request
   * @param member where it went
   * @param status the status
   * @param contentType the {@code Content-Type}, or {@code null}
   * @param replayed whether it was a replay
   * @param body the body bytes
   * @return the answer
   */
  static FuzzAnswer of(
      FuzzRequest request,
      ClusterMember member,
      int status,
      String contentType,
      boolean replayed,
      byte[] body) {
    String text = new String(body, StandardCharsets.UTF_8);
    String code = null;
    if (contentType != null && contentType.toLowerCase().startsWith("application/problem+json")) {
      Matcher matcher = CODE.matcher(text);
      code = matcher.find() ? matcher.group(1) : "";
    }
    return new FuzzAnswer(
        request,
        member,
        status,
        contentType,
        code,
        replayed,
        text.length() > EXCERPT ? text.substring(0, EXCERPT) + "..." : text);
  }

  /**
   * No answer came.
   *
   * @param request the request
   * @param member where it went
   * @param failure why
   * @return the non-answer
   */
  static FuzzAnswer none(FuzzRequest request, ClusterMember member, Exception failure) {
    return new FuzzAnswer(request, member, -1, null, null, false, String.valueOf(failure));
  }

  /** Whether the payment ran for this request: its 201, not a replay. */
  boolean ran() {
    return status == 201 && !replayed;
  }

  /** Whether the documentation allows this answer for the request's class. */
  boolean documented() {
    return request.input().allows(this);
  }

  /** The answer as the figures count it, e.g. {@code 400 IDEMPOTENCY_KEY_INVALID}. */
  String kind() {
    if (status < 0) {
      return "no answer";
    }
    return status + (code == null ? "" : " " + code) + (replayed ? " replayed" : "");
  }

  @Override
  public String toString() {
    return kind() + " from " + member + " (" + contentType + ") to " + request + ": " + excerpt;
  }
}
