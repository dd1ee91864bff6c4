package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Many clients sending the same keys to both servers at once, as real clients do: each request of a
 * key goes to the other server than the one before, and a 409 is retried after its {@code
 * Retry-After} on the other server, until the client holds an outcome.
 *
 * <p>With failover, a client also moves to the other server when a server does not answer (its
 * connection fails) or answers 404 or 503 (an application being undeployed, a server suspending),
 * as a client behind a load balancer does while one server restarts; those answers are kept with
 * status 0 for no answer.
 *
 * <p>The requests come in blocks of {@value #KEYS_PER_BLOCK} keys, each block's requests shuffled,
 * so that every key has several requests in flight at once on both servers.
 */
final class DuplicateStorm {

  private static final int KEYS_PER_BLOCK = 16;
  private static final int MAX_ATTEMPTS = 30;
  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final Set<Integer> FAILED_OVER = Set.of(0, 404, 503);

  private DuplicateStorm() {}

  /**
   * Sends the storm and waits for every client's outcome.
   *
   * @param members the servers, alternated
   * @param prefix the keys' prefix, e.g. {@code storm-}
   * @param keys how many keys
   * @param requests how many requests (not counting retries), spread evenly over the keys
   * @param clients how many clients send at once
   * @param failover whether a client moves to the other server when one fails to answer
   * @return every answer, retries included
   * @throws Exception when a request got no HTTP answer (without failover)
   */
  static List<Answer> send(
      List<ClusterMember> members,
      String prefix,
      int keys,
      int requests,
      int clients,
      boolean failover)
      throws Exception {
    List<Integer> order = order(keys, requests);
    ExecutorService senders = Executors.newFixedThreadPool(clients);
    try {
      List<Future<List<Answer>>> results = new ArrayList<>();
      int[] sent = new int[keys];
      for (int k : order) {
        String key = prefix + "%04d".formatted(k);
        int first = sent[k]++ % members.size();
        results.add(senders.submit(() -> untilOutcome(members, key, first, failover)));
      }
      List<Answer> answers = new ArrayList<>();
      for (Future<List<Answer>> result : results) {
        answers.addAll(result.get());
      }
      return answers;
    } finally {
      senders.shutdownNow();
    }
  }

  /** The keys of the requests in sending order: blocks of keys, each block shuffled. */
  private static List<Integer> order(int keys, int requests) {
    int perKey = Math.max(1, (requests + keys - 1) / keys);
    Random random = new Random(15);
    List<Integer> order = new ArrayList<>();
    for (int block = 0; block < keys; block += KEYS_PER_BLOCK) {
      List<Integer> blockRequests = new ArrayList<>();
      for (int k = block; k < Math.min(keys, block + KEYS_PER_BLOCK); k++) {
        for (int r = 0; r < perKey; r++) {
          blockRequests.add(k);
        }
      }
      Collections.shuffle(blockRequests, random);
      order.addAll(blockRequests);
    }
    return order;
  }

  /** One client: sends, and on a 409 waits its Retry-After and sends to the other server. */
  private static List<Answer> untilOutcome(
      List<ClusterMember> members, String key, int first, boolean failover) throws Exception {
    List<Answer> answers = new ArrayList<>();
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      ClusterMember member = members.get((first + attempt) % members.size());
      Answer answer;
      try {
        answer = Payments.pay(member, key, TIMEOUT);
      } catch (IOException e) {
        if (!failover) {
          throw e;
        }
        answer = Answer.none(key, member, e);
      }
      answers.add(answer);
      if (answer.status() == 409) {
        long seconds = answer.retryAfter().map(Long::parseLong).orElse(1L);
        Thread.sleep(seconds * 1000);
      } else if (failover && FAILED_OVER.contains(answer.status())) {
        Thread.sleep(200);
      } else {
        return answers;
      }
    }
    return answers;
  }
}
