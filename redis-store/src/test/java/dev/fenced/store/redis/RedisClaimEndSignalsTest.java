package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.EmbeddedRedis;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.JedisPooled;

/**
 * What the wake-ups of {@link RedisIdempotencyStore} cost and how they survive: a claim nobody
 * watches publishes nothing, the mark a watch leaves lives only as long as the claim, a wake-up
 * that throws harms nobody, and the subscription comes back after Redis killed it. Runs on a Redis
 * of its own (the embedded binary), whose every pub/sub client is this test's.
 */
class RedisClaimEndSignalsTest {

  private static final long TTL = Duration.ofMinutes(10).toMillis();
  private static final Duration TIMEOUT = Duration.ofSeconds(2);
  private static final byte[] OUTCOME = "{}".getBytes(UTF_8);

  private EmbeddedRedis redis;
  private JedisPooled client;
  private JedisPooled otherClient;
  private String prefix;
  private RedisKeys keys;
  private RedisIdempotencyStore store;
  private RedisIdempotencyStore other;

  @BeforeEach
  void start() {
    redis = EmbeddedRedis.start();
    client = TestClients.pooled(redis.url(), 4);
    otherClient = TestClients.pooled(redis.url(), 4);
    prefix = TestClients.uniquePrefix("claim-ends");
    keys = new RedisKeys(prefix);
    store = new RedisIdempotencyStore(client, prefix, TIMEOUT);
    other = new RedisIdempotencyStore(otherClient, prefix, TIMEOUT);
  }

  @AfterEach
  void stop() {
    store.close();
    other.close();
    client.close();
    otherClient.close();
    redis.close();
  }

  @Test
  void ending_a_claim_that_nobody_watches_publishes_nothing() throws Exception {
    BlockingQueue<String> published = new LinkedBlockingQueue<>();
    try (ChannelSpy spy = new ChannelSpy(published)) {
      other.acquire("completed-unwatched", "a", "fp", TTL);
      other.complete("completed-unwatched", "a", OUTCOME, TTL);
      other.acquire("released-unwatched", "a", "fp", TTL);
      other.release("released-unwatched", "a");
      other.acquire("purged-unwatched", "a", "fp", TTL);
      other.purge("purged-unwatched", "a");
      other.acquire("watched", "a", "fp", TTL);
      try (ClaimWatch watch = store.watch("watched", () -> {})) {
        other.complete("watched", "a", OUTCOME, TTL);

        // the watched end was published last: once it is here, the others would be too
        assertThat(published.poll(5, TimeUnit.SECONDS)).isEqualTo(name("watched"));
        assertThat(published).as("what else was published").isEmpty();
      }
    }
  }

  @Test
  void a_watch_marks_the_claim_and_its_completion_drops_the_mark() {
    other.acquire("marked", "a", "fp", TTL);

    try (ClaimWatch watch = store.watch("marked", () -> {})) {
      assertThat(client.hget(name("marked"), "waiter")).isEqualTo("1");
      other.complete("marked", "a", OUTCOME, TTL);

      assertThat(client.hget(name("marked"), "waiter")).isNull();
      assertThat(client.hget(name("marked"), "state")).isEqualTo("completed");
    }
  }

  @Test
  void a_watch_on_a_key_without_a_claim_writes_nothing() {
    other.acquire("done", "a", "fp", TTL);
    other.complete("done", "a", OUTCOME, TTL);

    try (ClaimWatch absent = store.watch("absent", () -> {});
        ClaimWatch done = store.watch("done", () -> {})) {
      assertThat(client.exists(name("absent"))).isFalse();
      assertThat(client.hget(name("done"), "waiter")).isNull();
    }
  }

  @Test
  void a_new_claim_after_a_watched_release_has_no_waiter() throws Exception {
    other.acquire("reclaimed", "a", "fp", TTL);
    CompletableFuture<Void> woken = new CompletableFuture<>();
    try (ClaimWatch watch = store.watch("reclaimed", () -> woken.complete(null))) {
      other.release("reclaimed", "a");
      woken.get(5, TimeUnit.SECONDS);
    }

    other.acquire("reclaimed", "b", "fp", TTL);

    assertThat(client.hget(name("reclaimed"), "waiter")).isNull();
  }

  @Test
  void an_operator_purging_a_watched_claim_wakes_its_watch() throws Exception {
    other.acquire("purged", "a", "fp", TTL);
    CompletableFuture<Void> woken = new CompletableFuture<>();

    try (ClaimWatch watch = store.watch("purged", () -> woken.complete(null))) {
      assertThat(other.purge("purged", "a")).isPresent();

      woken.get(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void a_claim_ended_by_a_user_whom_the_acl_refuses_the_channel_still_ends() {
    otherClient.sendCommand(
        () -> "ACL".getBytes(UTF_8),
        "SETUSER",
        "no-channels",
        "on",
        ">secret",
        "~*",
        "+@all",
        "resetchannels");
    URI limited = URI.create("redis://no-channels:secret@127.0.0.1:" + redis.port());
    try (JedisPooled limitedClient = TestClients.pooled(limited, 2)) {
      RedisIdempotencyStore ending = new RedisIdempotencyStore(limitedClient, prefix);
      ending.acquire("refused-channel", "a", "fp", TTL);

      try (ClaimWatch watch = store.watch("refused-channel", () -> {})) {
        assertThat(ending.complete("refused-channel", "a", OUTCOME, TTL)).isTrue();

        assertThat(client.hget(name("refused-channel"), "state")).isEqualTo("completed");
      }
    }
  }

  @Test
  void a_wake_up_that_throws_leaves_the_other_watches_woken() throws Exception {
    other.acquire("throwing", "a", "fp", TTL);
    other.acquire("after", "a", "fp", TTL);
    CompletableFuture<Void> woken = new CompletableFuture<>();

    try (ClaimWatch throwing =
            store.watch(
                "throwing",
                () -> {
                  throw new IllegalStateException("a broken waiter");
                });
        ClaimWatch after = store.watch("after", () -> woken.complete(null))) {
      other.complete("throwing", "a", OUTCOME, TTL);
      other.complete("after", "a", OUTCOME, TTL);

      woken.get(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void a_killed_subscription_wakes_its_watches_and_is_made_again() throws Exception {
    other.acquire("before-kill", "a", "fp", TTL);
    CountDownLatch wokenByReconnect = new CountDownLatch(1);
    try (ClaimWatch before = store.watch("before-kill", wokenByReconnect::countDown)) {

      assertThat(otherClient.sendCommand(() -> "CLIENT".getBytes(UTF_8), "KILL", "TYPE", "pubsub"))
          .isEqualTo(1L);

      assertThat(wokenByReconnect.await(10, TimeUnit.SECONDS))
          .as("woken when the subscription is back, since an end may have passed unheard")
          .isTrue();
    }
    other.acquire("after-kill", "a", "fp", TTL);
    CompletableFuture<Void> woken = new CompletableFuture<>();
    try (ClaimWatch after = store.watch("after-kill", () -> woken.complete(null))) {
      other.complete("after-kill", "a", OUTCOME, TTL);

      woken.get(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void a_watch_while_redis_is_gone_throws_store_unavailable_within_the_timeout() {
    try (ClaimWatch first = store.watch("first", () -> {})) {
      redis.stop();

      long started = System.nanoTime();
      assertThatThrownBy(() -> store.watch("second", () -> {}).close())
          .isInstanceOf(StoreUnavailableException.class);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT.plusSeconds(3));
    }
  }

  @Test
  void the_first_watch_on_a_redis_that_is_gone_throws_store_unavailable_within_the_timeout() {
    redis.stop();

    long started = System.nanoTime();
    assertThatThrownBy(() -> store.watch("never", () -> {}).close())
        .isInstanceOf(StoreUnavailableException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT.plusSeconds(3));
  }

  @Test
  void a_closed_store_ends_its_subscription_and_refuses_watches() throws Exception {
    other.acquire("open", "a", "fp", TTL);
    store.watch("open", () -> {});
    assertThat(pubSubClients()).isEqualTo(1);

    store.close();

    assertThat(pubSubClients()).isZero();
    assertThatThrownBy(() -> store.watch("open", () -> {}))
        .isInstanceOf(StoreUnavailableException.class);
  }

  @Test
  void every_store_object_listens_on_one_connection() {
    other.acquire("one", "a", "fp", TTL);
    other.acquire("two", "a", "fp", TTL);

    try (ClaimWatch one = store.watch("one", () -> {});
        ClaimWatch two = store.watch("two", () -> {});
        ClaimWatch again = store.watch("one", () -> {})) {
      assertThat(pubSubClients()).isEqualTo(1);
    }
  }

  private String name(String key) {
    return new String(keys.name("idem", key), UTF_8);
  }

  private long pubSubClients() {
    String list =
        new String(
            (byte[]) client.sendCommand(() -> "CLIENT".getBytes(UTF_8), "LIST", "TYPE", "pubsub"),
            UTF_8);
    return list.lines().filter(line -> !line.isBlank()).count();
  }

  /** This test's own subscriber to the store's channel, on a connection of its own. */
  private final class ChannelSpy implements AutoCloseable {

    private final BinaryJedisPubSub subscription;
    private final Thread thread;

    ChannelSpy(BlockingQueue<String> published) throws InterruptedException {
      CountDownLatch subscribed = new CountDownLatch(1);
      subscription =
          new BinaryJedisPubSub() {
            @Override
            public void onSubscribe(byte[] channel, int count) {
              subscribed.countDown();
            }

            @Override
            public void onMessage(byte[] channel, byte[] message) {
              published.add(new String(message, UTF_8));
            }
          };
      thread = new Thread(() -> otherClient.subscribe(subscription, keys.claimEndChannel()));
      thread.setDaemon(true);
      thread.start();
      assertThat(subscribed.await(5, TimeUnit.SECONDS)).as("the spy is subscribed").isTrue();
    }

    @Override
    public void close() throws InterruptedException {
      subscription.unsubscribe();
      thread.join(5_000);
    }
  }
}
