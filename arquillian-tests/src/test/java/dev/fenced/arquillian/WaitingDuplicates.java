package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.arquillian.stores.WaitingResource;
import dev.fenced.arquillian.stores.WaitingShipments;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * What the {@code *WaitingDuplicateWakeUpIT} of each store cell prove: a duplicate that waits for
 * the first call ({@code onConflict = WAIT}) is answered as soon as the first call's claim ends,
 * because the store wakes it, not at its next poll.
 *
 * <p>The deployment sets {@code fenced.idempotency.wait-poll=30s}, so a duplicate that only polls
 * looks at the record 0.02, 0.06, 0.14, 0.3, 0.62, 1.26, 2.54, 5.1 and 10.22 s after it started
 * waiting. The first call holds for {@value #HOLD_MILLIS} ms and the duplicate starts once the
 * first is inside: the first ends about 6 s into the duplicate's wait, so polling alone would
 * answer it about 4 s after that, a wake-up within milliseconds; the bound is {@link #WOKEN_WITHIN}.
 */
final class WaitingDuplicates {

  static final long HOLD_MILLIS = 6_500;
  static final Duration WOKEN_WITHIN = Duration.ofMillis(2_000);
  private static final Duration ENTER_WITHIN = Duration.ofSeconds(20);
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private final URL base;

  WaitingDuplicates(URL base) {
    this.base = base;
  }

  static WebArchive deployment(String name) {
    return TckDeployment.war(name)
        .classes(StoresApplication.class, WaitingResource.class, WaitingShipments.class)
        .config("fenced.idempotency.wait-poll", "30s")
        .build();
  }

  /** Sends a first call, and its duplicate once the first is inside; checks when each ended. */
  void assertTheDuplicateIsAnsweredWhenTheFirstEnds() throws Exception {
    String key = "wait-" + UUID.randomUUID();
    CompletableFuture<Long> firstEnded = new CompletableFuture<>();
    CompletableFuture<HttpResponse<String>> first =
        CLIENT
            .sendAsync(post(key, HOLD_MILLIS), HttpResponse.BodyHandlers.ofString())
            .whenComplete((reply, failure) -> firstEnded.complete(System.nanoTime()));
    awaitInside(key);

    // the same arguments, so the same call: a repeat that gets the first call's outcome
    HttpResponse<String> duplicate =
        CLIENT.send(post(key, HOLD_MILLIS), HttpResponse.BodyHandlers.ofString());
    long duplicateEnded = System.nanoTime();

    HttpResponse<String> firstReply = first.get(60, TimeUnit.SECONDS);
    assertThat(firstReply.statusCode()).as(firstReply.body()).isEqualTo(200);
    assertThat(duplicate.statusCode()).as(duplicate.body()).isEqualTo(200);
    assertThat(duplicate.body()).as("the duplicate's answer").isEqualTo(firstReply.body());
    Duration late = Duration.ofNanos(duplicateEnded - firstEnded.get());
    System.out.printf(
        "%s: the waiting duplicate was answered %d ms after the first call%n",
        System.getProperty("fenced.tck.server", System.getProperty("arquillian.launch")),
        late.toMillis());
    assertThat(late)
        .as("how long after the first call's answer the duplicate had its own")
        .isLessThan(WOKEN_WITHIN);
  }

  private void awaitInside(String key) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + ENTER_WITHIN.toNanos();
    HttpRequest entered =
        HttpRequest.newBuilder(uri("api/waiting/" + key + "/entered"))
            .timeout(Duration.ofSeconds(30))
            .GET()
            .build();
    while (!"true".equals(CLIENT.send(entered, HttpResponse.BodyHandlers.ofString()).body())) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("the first call did not enter the method within " + ENTER_WITHIN);
      }
      Thread.sleep(20);
    }
  }

  private HttpRequest post(String key, long holdMillis) {
    return HttpRequest.newBuilder(uri("api/waiting/" + key + "?hold=" + holdMillis))
        .timeout(Duration.ofSeconds(60))
        .POST(HttpRequest.BodyPublishers.noBody())
        .build();
  }

  private URI uri(String path) {
    return URI.create(base.toExternalForm()).resolve(path);
  }
}
