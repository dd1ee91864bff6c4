package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.faults.FuzzRequest.Header;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends the fuzz to the members, alternately ({@code a} the even requests, {@code b} the odd), a
 * bounded number at once: over the JDK's HTTP/1.1 client where it sends the request as generated,
 * else over a plain socket ({@link SocketExchange}). A request that gets no answer is recorded as
 * such, not retried.
 */
final class FuzzBarrage {

  /** How many requests are in flight at once. */
  static final int SENDERS = 16;

  /** The longest one request may take. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private FuzzBarrage() {}

  /**
   * Sends every request once and waits for the answers.
   *
   * @param members the servers
   * @param requests the fuzz
   * @return one answer per request, in the requests' order
   * @throws Exception when interrupted, or a sender failed unexpectedly
   */
  static List<FuzzAnswer> send(List<ClusterMember> members, List<FuzzRequest> requests)
      throws Exception {
    ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
    try {
      List<Future<FuzzAnswer>> results = new ArrayList<>();
      for (FuzzRequest request : requests) {
        ClusterMember member = members.get(request.id() % members.size());
        results.add(senders.submit(() -> answer(request, member)));
      }
      List<FuzzAnswer> answers = new ArrayList<>();
      for (Future<FuzzAnswer> result : results) {
        answers.add(result.get());
      }
      return answers;
    } finally {
      senders.shutdownNow();
    }
  }

  private static FuzzAnswer answer(FuzzRequest request, ClusterMember member)
      throws InterruptedException {
    try {
      return request.overSocket()
          ? SocketExchange.send(request, member, TIMEOUT)
          : overClient(request, member);
    } catch (IOException | RuntimeException e) {
      return FuzzAnswer.none(request, member, e);
    }
  }

  private static FuzzAnswer overClient(FuzzRequest request, ClusterMember member)
      throws IOException, InterruptedException {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(member.uri(request.path()))
            .timeout(TIMEOUT)
            .method(
                request.method(),
                request.body().length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(request.body()));
    for (Header header : request.headers()) {
      builder.header(header.name(), header.value());
    }
    HttpResponse<byte[]> response =
        ClusterMember.HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
    return FuzzAnswer.of(
        request,
        member,
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(null),
        response.headers().firstValue(Answer.REPLAYED).map("true"::equalsIgnoreCase).orElse(false),
        response.body());
  }
}
