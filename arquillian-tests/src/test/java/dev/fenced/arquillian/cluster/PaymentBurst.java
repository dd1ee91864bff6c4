package dev.fenced.arquillian.cluster;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends {@code POST api/payments} to the members concurrently: every key {@code rounds} times, in
 * rounds over all keys, each key's requests alternating between the members (so each member gets
 * half of every key's requests).
 */
final class PaymentBurst {

  /** The header a replayed answer carries. */
  static final String REPLAYED = "Idempotent-Replayed";

  /**
   * One answer.
   *
   * @param key the idempotency key sent
   * @param member the member it was sent to
   * @param status the HTTP status
   * @param replayed whether it carried {@code Idempotent-Replayed: true}
   * @param body the body, byte for byte
   */
  record Answer(String key, ClusterMember member, int status, boolean replayed, byte[] body) {

    String text() {
      return new String(body, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
      return key + "@" + member + " " + status + (replayed ? " replayed " : " ") + text();
    }
  }

  private PaymentBurst() {}

  /**
   * Sends the burst and waits for every answer.
   *
   * @param members the members, alternated
   * @param keys how many keys
   * @param rounds how many requests per key
   * @param concurrency how many requests are in flight at once
   * @return the answers, in sending order
   * @throws Exception when a request fails without an HTTP answer
   */
  static List<Answer> send(List<ClusterMember> members, int keys, int rounds, int concurrency)
      throws Exception {
    ExecutorService senders = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<Answer>> answers = new ArrayList<>();
      for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < keys; k++) {
          String key = "payment-%02d".formatted(k);
          ClusterMember member = members.get((k + round) % members.size());
          answers.add(senders.submit(() -> post(member, key)));
        }
      }
      List<Answer> result = new ArrayList<>();
      for (Future<Answer> answer : answers) {
        result.add(answer.get());
      }
      return result;
    } finally {
      senders.shutdownNow();
    }
  }

  private static Answer post(ClusterMember member, String key) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(member.uri("api/payments"))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString("{\"amount\":\"12.50\"}"))
            .build();
    HttpResponse<byte[]> response =
        ClusterMember.HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
    boolean replayed =
        response.headers().firstValue(REPLAYED).map("true"::equalsIgnoreCase).orElse(false);
    return new Answer(key, member, response.statusCode(), replayed, response.body());
  }
}
