package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.EmbeddedRedis;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;

/**
 * A Redis that goes away gives {@link StoreUnavailableException} (so the engines fail closed), and
 * the stores work again once Redis is back on its port, with the same client. Runs on a Redis of
 * its own (the embedded binary), which it stops and starts. Every method on a Redis that was never
 * there: {@link UnreachableRedisContractsTest}.
 */
class RedisUnavailableTest {

  private static final long TTL = Duration.ofMinutes(5).toMillis();

  private EmbeddedRedis redis;
  private JedisPooled client;
  private RedisIdempotencyStore idempotency;
  private RedisLockStore locks;

  @BeforeEach
  void start() {
    redis = EmbeddedRedis.start();
    client = TestClients.pooled(redis.url(), 16);
    String prefix = TestClients.uniquePrefix("unavailable");
    idempotency = new RedisIdempotencyStore(client, prefix);
    locks = new RedisLockStore(client, prefix);
  }

  @AfterEach
  void stop() {
    client.close();
    redis.close();
  }

  @Test
  void the_stores_recover_when_redis_comes_back_on_its_port() {
    // connections in the pool before the outage: they break with it
    assertThat(idempotency.acquire("before", "a", "fp", TTL))
        .isInstanceOf(AcquireResult.Acquired.class);
    OptionalLong before = locks.acquire("lock", "a", TTL);
    assertThat(before).isPresent();

    redis.stop();
    assertUnavailable(() -> idempotency.acquire("during", "b", "fp", TTL));
    assertUnavailable(() -> locks.acquire("during", "b", TTL));

    redis.startAgain();
    // each pooled connection that broke fails once more and is dropped; then calls succeed
    AcquireResult after = eventually(() -> idempotency.acquire("after", "c", "fp", TTL));
    assertThat(after).isInstanceOf(AcquireResult.Acquired.class);
    assertThat(eventually(() -> idempotency.complete("after", "c", "ok".getBytes(UTF_8), TTL)))
        .isTrue();
    assertThat(idempotency.acquire("after", "d", "fp", TTL))
        .isEqualTo(new AcquireResult.Completed("fp", "ok".getBytes(UTF_8)));
    assertThat(eventually(() -> locks.acquire("lock-after", "c", TTL))).isPresent();
  }

  @Test
  void a_pool_that_stays_exhausted_gives_store_unavailable() {
    try (JedisPooled one = TestClients.pooled(redis.url(), 1, Duration.ofMillis(200))) {
      RedisLockStore store = new RedisLockStore(one, TestClients.uniquePrefix("exhausted"));
      assertThat(store.acquire("k", "a", TTL)).isPresent();
      // hold the only connection, so the store's call waits for it and gives up
      try (var held = one.getPool().getResource()) {
        assertUnavailable(() -> store.renew("k", "a", TTL));
      }
      assertThat(store.renew("k", "a", TTL)).isTrue();
    }
  }

  private static void assertUnavailable(Supplier<?> call) {
    assertThatThrownBy(call::get)
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining("Redis");
  }

  /** Calls until the call stops throwing {@link StoreUnavailableException}, for up to 10 s. */
  private static <T> T eventually(Supplier<T> call) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    int failures = 0;
    while (true) {
      try {
        T result = call.get();
        assertThat(failures).as("failed calls before recovery").isLessThanOrEqualTo(16);
        return result;
      } catch (StoreUnavailableException e) {
        failures++;
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
    }
  }
}
