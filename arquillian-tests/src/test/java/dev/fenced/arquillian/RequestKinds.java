package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.idempotent.concurrent.SlowResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Latches;
import dev.fenced.tck.support.Reply;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The three kinds of guarded request whose store calls the {@code *StoreRoundTripsPerRequestIT}
 * count, each sent a number of times in a row: first requests ({@code POST /api/orders} of {@link
 * GuardedResource} with new keys: 201), replays (the key of a completed one: 201 replayed) and 409s
 * (the key of a {@code POST /api/slow} of {@link SlowResource} that holds at its latch: 409 {@code
 * IDEMPOTENCY_KEY_IN_USE}). Every answer is checked, so what a test counts came from requests that
 * went the way it names; {@link #lastEnded()} tells a counter the server reports late when the last
 * one ended.
 */
final class RequestKinds {

  /** How often a test sends its kind: background traffic would show against it. */
  static final int TIMES = 20;

  private static final String ORDER = "{\"book\":\"b-1\"}";
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final Http http;
  private volatile long lastEnded = System.nanoTime();

  RequestKinds(URL base) {
    this.http = new Http(base);
  }

  /**
   * The deployment's application: both resources and what {@link SlowResource} needs, with the lock
   * renewed every 200 s only, so that a held request renews nothing while a test counts.
   *
   * @param name the WAR's name
   * @return the deployment, still to build
   */
  static TckDeployment deployment(String name) {
    return TckDeployment.war(name)
        .classes(
            StoresApplication.class,
            GuardedResource.class,
            SlowResource.class,
            Latches.class,
            Invocations.class)
        .config("fenced.idempotency.lock-ttl", "10m");
  }

  /** Sends {@code times} first requests, each with a new key. */
  void firstRequests(int times) {
    for (int i = 0; i < times; i++) {
      completedKey();
    }
  }

  /**
   * Sends a first request with a new key.
   *
   * @return the key, now completed
   */
  String completedKey() {
    String key = Http.unique("key");
    Reply reply = ended(http.post("orders", key, ORDER));
    assertThat(reply.status()).as(reply.describe()).isEqualTo(201);
    assertThat(reply.replayed()).as(reply.describe()).isFalse();
    return key;
  }

  /** Sends {@code times} repeats of the completed {@code key}. */
  void replays(String key, int times) {
    for (int i = 0; i < times; i++) {
      Reply reply = ended(http.post("orders", key, ORDER));
      assertThat(reply.status()).as(reply.describe()).isEqualTo(201);
      assertThat(reply.replayed()).as(reply.describe()).isTrue();
    }
  }

  /**
   * Starts a first request that holds inside the method until {@link Held#close()}.
   *
   * @return the held request, once it is inside the method
   */
  Held hold() throws InterruptedException {
    String tag = Http.unique("held");
    String key = Http.unique("key");
    CompletableFuture<Reply> first = http.sendAsync("POST", "slow?tag=" + tag, key, null, null);
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"true".equals(http.get("slow/latches/" + tag).text())) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("the held request did not enter the method within " + WAIT);
      }
      Thread.sleep(20);
    }
    lastEnded = System.nanoTime();
    return new Held(tag, key, first);
  }

  /**
   * When the last request sent here had its answer.
   *
   * @return a {@link System#nanoTime()} reading
   */
  long lastEnded() {
    return lastEnded;
  }

  private Reply ended(Reply reply) {
    lastEnded = System.nanoTime();
    return reply;
  }

  /** A first request holding inside the method, and the repeats of its key. */
  final class Held implements AutoCloseable {

    private final String tag;
    private final String key;
    private final CompletableFuture<Reply> first;

    private Held(String tag, String key, CompletableFuture<Reply> first) {
      this.tag = tag;
      this.key = key;
      this.first = first;
    }

    /** Sends {@code times} repeats of the held request. */
    void repeats(int times) {
      for (int i = 0; i < times; i++) {
        Reply reply = ended(http.send("POST", "slow?tag=" + tag, key, null, null));
        assertThat(reply.status()).as(reply.describe()).isEqualTo(409);
        assertThat(reply.text()).contains("IDEMPOTENCY_KEY_IN_USE");
      }
    }

    /** Lets the held request finish, and waits for its 201. */
    @Override
    public void close() {
      Reply release = http.send("POST", "slow/latches/" + tag + "/release", null, null, null);
      assertThat(release.status()).as(release.describe()).isEqualTo(204);
      Reply reply = ended(Http.await(first));
      assertThat(reply.status()).as(reply.describe()).isEqualTo(201);
    }
  }
}
