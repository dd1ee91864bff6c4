package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.EmbeddedRedis;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * Every store operation is one round trip, one {@code EVALSHA}, as Redis itself counts it ({@code
 * INFO commandstats}); a server that lost the scripts ({@code SCRIPT FLUSH}, as after a restart)
 * gets them loaded once. Runs on a Redis of its own, so other suites' commands do not count.
 */
class RedisRoundTripTest {

  private static final long TTL = Duration.ofMinutes(5).toMillis();
  private static final Pattern STAT = Pattern.compile("cmdstat_([^:]+):calls=(\\d+)");
  private static final int ROUNDS = 100;
  private static final Set<String> INSIDE_SCRIPTS =
      Set.of("hmget", "hget", "hset", "hdel", "del", "exists", "get", "set", "pexpire", "time");

  private static EmbeddedRedis redis;
  private static JedisPooled client;
  private static RedisIdempotencyStore idempotency;
  private static RedisLockStore locks;

  @BeforeAll
  static void start() {
    redis = EmbeddedRedis.start();
    client = TestClients.pooled(redis.url(), 16);
    String prefix = TestClients.uniquePrefix("round-trips");
    idempotency = new RedisIdempotencyStore(client, prefix);
    locks = new RedisLockStore(client, prefix);
  }

  @AfterAll
  static void stop() {
    client.close();
    redis.close();
  }

  @BeforeEach
  void loadScriptsAndResetCounters() {
    runEveryOperation("warm-up-" + java.util.UUID.randomUUID());
    client.sendCommand(Protocol.Command.CONFIG, "RESETSTAT");
  }

  @Test
  void each_operation_of_both_stores_is_one_evalsha() {
    for (int i = 0; i < ROUNDS; i++) {
      runEveryOperation("k" + i);
    }

    Map<String, Long> calls = commandCalls();
    // per round: 6 idempotency calls (acquire, extend, complete, a refused release and extend, an
    // acquire that finds the completed record) and 3 lock calls (acquire, renew, release)
    assertThat(calls).containsEntry("evalsha", 9L * ROUNDS);
    // Redis also counts the commands the scripts run inside it; the client sent only EVALSHA
    calls.keySet().removeAll(INSIDE_SCRIPTS);
    assertThat(calls.keySet()).as("commands the client sent").containsOnly("evalsha", "config");
  }

  @Test
  void scripts_lost_by_the_server_are_loaded_again_once() {
    client.sendCommand(Protocol.Command.SCRIPT, "FLUSH");
    client.sendCommand(Protocol.Command.CONFIG, "RESETSTAT");

    runEveryOperation("after-flush-1");
    runEveryOperation("after-flush-2");

    Map<String, Long> calls = commandCalls();
    // 7 scripts: each NOSCRIPT once, loaded once, run again; then one EVALSHA per call
    assertThat(calls).containsEntry("script", 7L).containsEntry("evalsha", 9L * 2 + 7);
  }

  private static void runEveryOperation(String key) {
    assertThat(idempotency.acquire(key, "a", "fp", TTL)).isNotNull();
    assertThat(idempotency.extend(key, "a", TTL)).isTrue();
    assertThat(idempotency.complete(key, "a", "body".getBytes(UTF_8), TTL)).isTrue();
    assertThat(idempotency.release(key, "a")).isFalse();
    assertThat(idempotency.extend(key, "a", TTL)).isFalse();
    assertThat(idempotency.acquire(key, "b", "fp", TTL)).isNotNull();
    assertThat(locks.acquire(key, "a", TTL)).isPresent();
    assertThat(locks.renew(key, "a", TTL)).isTrue();
    assertThat(locks.release(key, "a")).isTrue();
  }

  /** Calls per command since the last {@code CONFIG RESETSTAT}, without the {@code INFO} asking. */
  private static Map<String, Long> commandCalls() {
    String info = client.info("commandstats");
    Map<String, Long> calls = new TreeMap<>();
    Matcher m = STAT.matcher(info);
    while (m.find()) {
      String command = m.group(1).replaceAll("\\|.*", "");
      if (!command.equals("info")) {
        calls.merge(command, Long.parseLong(m.group(2)), Long::sum);
      }
    }
    return calls;
  }
}
