package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.EmbeddedRedis;
import dev.fenced.testservers.FrozenProcess;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * Every call of the stores is bounded in time by the settings a server reads ({@code
 * fenced.redis.timeout}, {@code fenced.redis.pool.max-wait}), through the client a server builds
 * ({@link RedisConnection#connect}): a Redis that keeps its connections open and answers nothing
 * (frozen with {@code SIGSTOP}) makes each method throw {@link StoreUnavailableException} after the
 * timeout, not hang; so does a pool whose connections are all stuck on it, after max-wait; and so
 * does the script loading after {@code NOSCRIPT}. Runs on an embedded Redis of its own.
 */
class RedisBoundedTimeTest {

  private static final Duration TIMEOUT = Duration.ofMillis(400);
  private static final Duration MAX_WAIT = Duration.ofMillis(300);

  /** Far beyond any bound here; only a call that hangs gets near it. */
  private static final Duration HANG = Duration.ofSeconds(30);

  /** What a loaded 2-core machine may add to a bound before the exception surfaces. */
  private static final Duration SLACK = Duration.ofSeconds(5);

  private static final long TTL = Duration.ofMinutes(5).toMillis();
  private static final byte[] PAYLOAD = "ok".getBytes(UTF_8);

  private EmbeddedRedis redis;
  private JedisPooled client;
  private RedisStore store;

  @BeforeEach
  void start() {
    redis = EmbeddedRedis.start();
  }

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    redis.close();
  }

  @Test
  void every_method_throws_store_unavailable_within_the_timeout_while_redis_is_frozen() {
    connect(redis.url().toString(), "16", TIMEOUT);
    String prefix = TestClients.uniquePrefix("frozen");
    store = new RedisStore(client, prefix);
    // load the scripts and hold a record and a lock, so every method has something to do
    store.acquire("record", "owner", "fp", TTL);
    store.acquire("lock", "owner", TTL);
    long pid = redisPid();

    Map<String, Supplier<?>> calls = new LinkedHashMap<>();
    calls.put("acquire (record)", () -> store.acquire("record-2", "owner", "fp", TTL));
    calls.put("complete", () -> store.complete("record", "owner", PAYLOAD, TTL));
    calls.put("extend", () -> store.extend("record", "owner", TTL));
    calls.put("acquire (lock)", () -> store.acquire("lock-2", "owner", TTL));
    calls.put("renew", () -> store.renew("lock", "owner", TTL));
    calls.put("release", () -> store.release("lock", "owner"));
    try (FrozenProcess frozen = FrozenProcess.freeze(pid)) {
      calls.forEach((name, call) -> assertUnavailableWithin(name, call, TIMEOUT, TIMEOUT));
    }
  }

  @Test
  void a_pool_held_by_calls_stuck_on_a_frozen_redis_gives_store_unavailable_after_max_wait()
      throws Exception {
    Duration longTimeout = Duration.ofSeconds(20);
    connect(redis.url().toString(), "1", longTimeout);
    store = new RedisStore(client, TestClients.uniquePrefix("exhausted"));
    store.acquire("lock", "owner", TTL);
    long pid = redisPid();

    try (FrozenProcess frozen = FrozenProcess.freeze(pid)) {
      CompletableFuture<Boolean> stuck =
          CompletableFuture.supplyAsync(() -> store.renew("lock", "owner", TTL));
      awaitBorrowed();

      assertUnavailableWithin("renew", () -> store.renew("lock", "owner", TTL), MAX_WAIT, MAX_WAIT);
      assertThat(stuck).isNotDone();
    }
  }

  @Test
  void loading_a_script_after_noscript_is_bounded_by_the_timeout_too() {
    try (SilentProxy proxy = new SilentProxy(redis.url(), "SCRIPT")) {
      connect(proxy.url().toString(), "16", TIMEOUT);
      store = new RedisStore(client, TestClients.uniquePrefix("first-load"));

      // a new Redis knows no script: EVALSHA answers NOSCRIPT, then SCRIPT LOAD meets silence
      assertUnavailableWithin(
          "acquire", () -> store.acquire("lock", "owner", TTL), TIMEOUT, TIMEOUT);
      assertThat(proxy.silent()).as("the proxy saw SCRIPT LOAD").isTrue();
    }
  }

  private void connect(String url, String maxTotal, Duration timeout) {
    RedisSettings settings =
        RedisSettings.read(
            Map.of(
                    RedisSettings.URL,
                    url,
                    "fenced.redis.timeout",
                    timeout.toMillis() + "ms",
                    "fenced.redis.pool.max-wait",
                    MAX_WAIT.toMillis() + "ms",
                    "fenced.redis.pool.max-total",
                    maxTotal)
                ::get);
    client = (JedisPooled) RedisConnection.connect(settings);
  }

  /** The pid of the embedded Redis, as it reports it. */
  private long redisPid() {
    try (JedisPooled admin = TestClients.pooled(redis.url(), 1)) {
      String info = admin.info("server");
      Matcher pid = Pattern.compile("process_id:(\\d+)").matcher(info);
      assertThat(pid.find()).as("process_id in INFO server").isTrue();
      return Long.parseLong(pid.group(1));
    }
  }

  /** Waits until the pool's only connection is lent out, to the call stuck on frozen Redis. */
  private void awaitBorrowed() throws InterruptedException {
    long deadline = System.nanoTime() + HANG.toNanos();
    while (client.getPool().getNumActive() < 1) {
      assertThat(System.nanoTime())
          .as("the stuck call borrowed the connection")
          .isLessThan(deadline);
      TimeUnit.MILLISECONDS.sleep(5);
    }
  }

  /**
   * Asserts that {@code call} throws {@link StoreUnavailableException} no sooner than {@code
   * atLeast} (it really waited for the bound) and within {@code bound} plus {@link #SLACK}.
   */
  private static void assertUnavailableWithin(
      String name, Supplier<?> call, Duration atLeast, Duration bound) {
    long start = System.nanoTime();
    CompletableFuture<?> result = CompletableFuture.supplyAsync(call);
    Throwable failure;
    try {
      Object value = result.get(HANG.toMillis(), TimeUnit.MILLISECONDS);
      throw new AssertionError(name + " answered " + value + " from a frozen Redis");
    } catch (TimeoutException e) {
      throw new AssertionError(name + " hung for " + HANG + " on a frozen Redis", e);
    } catch (ExecutionException e) {
      failure = e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

    assertThatThrownBy(
            () -> {
              throw failure;
            })
        .as(name)
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("Redis");
    assertThat(elapsed).as(name + ": time to fail").isBetween(atLeast, bound.plus(SLACK));
  }
}
