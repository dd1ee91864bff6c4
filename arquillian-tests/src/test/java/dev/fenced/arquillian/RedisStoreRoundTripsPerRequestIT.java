package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.RedisProcess;
import java.net.URL;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * Runs in the {@code redis} cells: what the Redis store costs per guarded request, counted by Redis
 * itself ({@code INFO commandstats}, read before and after the requests). A store call is one
 * {@code EVALSHA}, one round trip; a first request makes two (claim, complete), a replay and a 409
 * one each, and no request sends any other command. Redis counts the commands a script runs as
 * well: those of the store's scripts ({@link StoreScripts}) run inside the {@code EVALSHA} and are
 * only printed; every other command counts as sent by a client.
 *
 * <p>Each test sends {@value RequestKinds#TIMES} requests of its kind after a warm-up (pooled
 * connections, loaded scripts); the {@code EVALSHA} count must be exactly {@value
 * RequestKinds#TIMES} times the calls in every window. A window in which another client command ran
 * (the client pool tests its idle connections with a {@code PING} every 30 s) is measured again, up
 * to {@value #WINDOWS} times, and the last must hold {@code EVALSHA} alone: a command sent per
 * request would be in every window. The test's own {@code INFO} is left out.
 *
 * <p>Redis counts the commands of all its clients, and other cells run beside this one (the lanes,
 * {@code arquillian-tests/README.md}): the deployment's store uses a Redis of this class's own.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStoreRoundTripsPerRequestIT {

  /** How often a window with another command is measured. */
  private static final int WINDOWS = 3;

  /**
   * How long the counts must stand still: the complete of the last request may trail its answer.
   */
  private static final Duration STILL = Duration.ofMillis(500);

  private static final Duration SETTLE_LIMIT = Duration.ofSeconds(10);

  /** Stopped when the JVM exits, after Arquillian undeployed the application that uses it. */
  private static final RedisProcess OWN_REDIS = RedisProcess.start(0, List.of());

  private static boolean warm;

  @Deployment(testable = false)
  static WebArchive deployment() {
    return RequestKinds.deployment("redis-store-round-trips-it")
        .config("fenced.redis.url", "redis://" + OWN_REDIS.hostAndPort())
        .build();
  }

  @ArquillianResource URL base;

  private RequestKinds requests;

  @BeforeEach
  void warmUp() throws InterruptedException {
    requests = new RequestKinds(base);
    if (!warm) {
      requests.firstRequests(5);
      requests.replays(requests.completedKey(), 5);
      try (RequestKinds.Held held = requests.hold()) {
        held.repeats(5);
      }
      warm = true;
    }
  }

  @Test
  void a_first_request_costs_two_evalsha_and_nothing_else() throws Exception {
    assertStoreCalls(
        "first request", 2, () -> measure(() -> requests.firstRequests(RequestKinds.TIMES)));
  }

  @Test
  void a_replay_costs_one_evalsha_and_nothing_else() throws Exception {
    String key = requests.completedKey();

    assertStoreCalls("replay", 1, () -> measure(() -> requests.replays(key, RequestKinds.TIMES)));
  }

  @Test
  void a_409_costs_one_evalsha_and_nothing_else() throws Exception {
    assertStoreCalls(
        "409",
        1,
        () -> {
          try (RequestKinds.Held held = requests.hold()) {
            return measure(() -> held.repeats(RequestKinds.TIMES));
          }
        });
  }

  private static void assertStoreCalls(String kind, int calls, Window window) throws Exception {
    Map<String, Long> expected = Map.of("evalsha", (long) calls * RequestKinds.TIMES);
    Set<String> inScripts = StoreScripts.commands();
    for (int attempt = 1; ; attempt++) {
      Map<String, Long> caused = window.measure();
      Map<String, Long> commands = new TreeMap<>(caused);
      commands.keySet().removeAll(inScripts);
      caused.keySet().removeAll(commands.keySet());
      print(kind, commands, caused, attempt);

      assertThat(commands.getOrDefault("evalsha", 0L))
          .as("EVALSHA of %s", kind)
          .isEqualTo(expected.get("evalsha"));
      if (commands.equals(expected) || attempt == WINDOWS) {
        assertThat(commands).as("commands of %s", kind).isEqualTo(expected);
        return;
      }
    }
  }

  /** The commands the requests {@code sent} caused, by name, once Redis has run them all. */
  private static Map<String, Long> measure(Runnable sent) throws InterruptedException {
    try (Jedis redis = OWN_REDIS.connect()) {
      Map<String, Long> before = settled(redis);
      sent.run();
      Map<String, Long> after = settled(redis);
      Map<String, Long> caused = new TreeMap<>();
      after.forEach(
          (command, calls) -> {
            long more = calls - before.getOrDefault(command, 0L);
            if (more != 0) {
              caused.put(command, more);
            }
          });
      return caused;
    }
  }

  /** {@code INFO commandstats} once it stands still for {@link #STILL}. */
  private static Map<String, Long> settled(Jedis redis) throws InterruptedException {
    long limit = System.nanoTime() + SETTLE_LIMIT.toNanos();
    Map<String, Long> counts = commands(redis);
    long since = System.nanoTime();
    while (true) {
      Thread.sleep(100);
      long now = System.nanoTime();
      Map<String, Long> next = commands(redis);
      if (!next.equals(counts)) {
        counts = next;
        since = now;
      } else if (now - since >= STILL.toNanos()) {
        return counts;
      }
      if (now - limit > 0) {
        throw new IllegalStateException("Redis kept running commands for " + SETTLE_LIMIT);
      }
    }
  }

  /**
   * The calls of each command since Redis started ({@code cmdstat_<name>:calls=<n>,...}), without
   * this test's own {@code INFO}.
   */
  private static Map<String, Long> commands(Jedis redis) {
    Map<String, Long> calls = new HashMap<>();
    redis
        .info("commandstats")
        .lines()
        .filter(line -> line.startsWith("cmdstat_"))
        .forEach(
            line -> {
              int colon = line.indexOf(':');
              String name = line.substring("cmdstat_".length(), colon);
              String count = line.substring(colon + 1).split(",")[0];
              calls.put(name, Long.parseLong(count.substring("calls=".length())));
            });
    calls.remove("info");
    return calls;
  }

  private static void print(
      String kind, Map<String, Long> commands, Map<String, Long> inScripts, int attempt) {
    System.out.printf(
        "%s, Redis store, window %d: per %s %s sent, %s run by the scripts; %d requests%n",
        System.getProperty("fenced.tck.server", System.getProperty("arquillian.launch")),
        attempt,
        kind,
        perRequest(commands),
        perRequest(inScripts),
        RequestKinds.TIMES);
  }

  private static Map<String, String> perRequest(Map<String, Long> commands) {
    Map<String, String> perRequest = new TreeMap<>();
    commands.forEach(
        (command, calls) ->
            perRequest.put(command, "%.2f".formatted(calls / (double) RequestKinds.TIMES)));
    return perRequest;
  }

  /** One measurement: the requests of a kind, sent between two readings of the counts. */
  @FunctionalInterface
  private interface Window {
    Map<String, Long> measure() throws Exception;
  }
}
