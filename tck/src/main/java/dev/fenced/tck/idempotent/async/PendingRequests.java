package dev.fenced.tck.idempotent.async;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The client side of {@link AsyncOrderResource}: sends one test's requests (its tag, its key) to an
 * asynchronous method, waits until a response is pending, and ends it.
 */
public final class PendingRequests {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  private final Http http;
  private final String tag;
  private final String key;

  /**
   * A test's requests.
   *
   * @param http the client of the deployment
   * @param tag the test's tag
   * @param key the key every request sends
   */
  public PendingRequests(Http http, String tag, String key) {
    this.http = http;
    this.tag = tag;
    this.key = key;
  }

  /**
   * Sends to {@code path} without waiting.
   *
   * @param path {@code stage}, {@code suspended}, {@code suspended-in-transaction}, with a query
   * @return the reply, once it comes
   */
  public CompletableFuture<Reply> send(String path) {
    String separator = path.indexOf('?') < 0 ? "?" : "&";
    return http.sendAsync("POST", "async/" + path + separator + "tag=" + tag, key, null, null);
  }

  /**
   * Sends to {@code path} and waits until its response is pending.
   *
   * @param path as for {@link #send}
   * @return the reply, once the test ends it
   * @throws InterruptedException when interrupted while waiting
   */
  public CompletableFuture<Reply> startPending(String path) throws InterruptedException {
    CompletableFuture<Reply> first = send(path);
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"true".equals(http.get("async/pending/" + tag).text())) {
      if (first.isDone() || System.nanoTime() > deadline) {
        throw new AssertionError(
            "no response of " + path + " became pending within " + WAIT + ": " + first);
      }
      Thread.sleep(20);
    }
    return first;
  }

  /**
   * Ends the pending response.
   *
   * @param how {@code complete} (201) or {@code fail} (500)
   */
  public void end(String how) {
    Reply reply = http.send("POST", "async/pending/" + tag + "/" + how, null, null, null);
    assertEquals(204, reply.status(), reply::describe);
  }

  /** Fails a response still pending, after a test; nothing when none is. */
  public void failAnyPending() {
    http.send("POST", "async/pending/" + tag + "/fail", null, null, null);
  }
}
