package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.faults.app.SlowPaymentResource;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Sends the cluster application's payments, fast ({@code api/payments}) or slow. */
final class Payments {

  private static final String BODY = "{\"amount\":\"12.50\"}";

  private Payments() {}

  /**
   * Posts a payment.
   *
   * @param member where to
   * @param key the idempotency key
   * @param timeout how long to wait for the answer
   * @return the answer
   * @throws IOException when no HTTP answer came (the server died, the timeout passed)
   * @throws InterruptedException when interrupted
   */
  static Answer pay(ClusterMember member, String key, Duration timeout)
      throws IOException, InterruptedException {
    return post(member, "api/payments", key, timeout);
  }

  /**
   * Posts a slow payment that works {@code work} before it answers.
   *
   * @param member where to
   * @param key the idempotency key
   * @param work how long the handler works
   * @param timeout how long to wait for the answer
   * @return the answer
   * @throws IOException when no HTTP answer came
   * @throws InterruptedException when interrupted
   */
  static Answer paySlowly(ClusterMember member, String key, Duration work, Duration timeout)
      throws IOException, InterruptedException {
    return post(member, "api/slow-payments", key, timeout, work);
  }

  private static Answer post(ClusterMember member, String path, String key, Duration timeout)
      throws IOException, InterruptedException {
    return post(member, path, key, timeout, Duration.ZERO);
  }

  private static Answer post(
      ClusterMember member, String path, String key, Duration timeout, Duration work)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(member.uri(path))
            .timeout(timeout)
            .header(SlowPaymentResource.WORK, Long.toString(work.toMillis()))
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString(BODY))
            .build();
    long start = System.nanoTime();
    HttpResponse<byte[]> response =
        ClusterMember.HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
    return Answer.of(key, member, response, (System.nanoTime() - start) / 1_000_000);
  }
}
