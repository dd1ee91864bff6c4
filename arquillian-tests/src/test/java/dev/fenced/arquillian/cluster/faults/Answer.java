package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * One HTTP answer a fault scenario got.
 *
 * @param key the idempotency key sent
 * @param member the member it was sent to
 * @param status the HTTP status
 * @param replayed whether it carried {@code Idempotent-Replayed: true}
 * @param retryAfter its {@code Retry-After}, if any
 * @param body the body, byte for byte
 * @param millis how long the answer took
 */
record Answer(
    String key,
    ClusterMember member,
    int status,
    boolean replayed,
    Optional<String> retryAfter,
    byte[] body,
    long millis) {

  /** The header a replayed answer carries. */
  static final String REPLAYED = "Idempotent-Replayed";

  static Answer of(String key, ClusterMember member, HttpResponse<byte[]> response, long millis) {
    boolean replayed =
        response.headers().firstValue(REPLAYED).map("true"::equalsIgnoreCase).orElse(false);
    return new Answer(
        key,
        member,
        response.statusCode(),
        replayed,
        response.headers().firstValue("Retry-After"),
        response.body(),
        millis);
  }

  /** No answer: the connection failed ({@code status} 0, the failure as the body). */
  static Answer none(String key, ClusterMember member, Exception failure) {
    return new Answer(
        key,
        member,
        0,
        false,
        Optional.empty(),
        String.valueOf(failure).getBytes(StandardCharsets.UTF_8),
        0);
  }

  /** Whether this is the answer of the run itself: a 201 that is not a replay. */
  boolean first() {
    return status == 201 && !replayed;
  }

  /** Whether this replays {@code original} byte for byte. */
  boolean replays(Answer original) {
    return status == 201 && replayed && Arrays.equals(body, original.body);
  }

  String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return key + "@" + member + " " + status + (replayed ? " replayed " : " ") + text();
  }
}
