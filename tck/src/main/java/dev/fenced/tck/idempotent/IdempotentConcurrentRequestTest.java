package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Latches;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.concurrent.SlowResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A repeat while the first request still runs gets 409 {@code IDEMPOTENCY_KEY_IN_USE} with a {@code
 * Retry-After} of whole seconds, rounded up; the side effect happens once. The first request holds
 * until the test releases it. The deployment sets {@code fenced.idempotency.retry-after=1500ms}, so
 * the header must say 2; a method's own {@code retryAfter = "2500ms"} wins, so its header says 3.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentConcurrentRequestTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-concurrent-request")
        .classes(SlowResource.class, Latches.class)
        .config("fenced.idempotency.retry-after", "1500ms")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("concurrent");
    key = Http.unique("key");
  }

  @AfterEach
  void releaseAnyHeldRequest() {
    release();
  }

  private CompletableFuture<Reply> start() {
    return http.sendAsync("POST", "slow?tag=" + tag, key, null, null);
  }

  private void release() {
    Reply reply = http.send("POST", "slow/latches/" + tag + "/release", null, null, null);
    assertEquals(204, reply.status(), reply::describe);
  }

  /** Bounded polling until a request holds inside the method. */
  private void awaitEntered() throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"true".equals(http.get("slow/latches/" + tag).text())) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no request entered the method within " + WAIT);
      }
      Thread.sleep(20);
    }
  }

  /** Starts the first request and waits until it holds inside the method. */
  private CompletableFuture<Reply> startAndHold() throws InterruptedException {
    CompletableFuture<Reply> first = start();
    awaitEntered();
    return first;
  }

  @Test
  void a_repeat_while_the_first_runs_gets_409_idempotency_key_in_use() throws Exception {
    CompletableFuture<Reply> first = startAndHold();

    Reply repeat = Http.await(start());
    release();

    Problems.assertProblem(repeat, ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertEquals(201, Http.await(first).status());
  }

  @Test
  void the_409_carries_retry_after_in_whole_seconds_rounded_up() throws Exception {
    CompletableFuture<Reply> first = startAndHold();

    Reply repeat = Http.await(start());
    release();
    Http.await(first);

    assertEquals(409, repeat.status(), repeat::describe);
    assertEquals(List.of("2"), repeat.headerValues("Retry-After"), repeat::describe);
  }

  @Test
  void a_methods_own_retry_after_wins_over_the_global_one() throws Exception {
    CompletableFuture<Reply> first =
        http.sendAsync("POST", "slow/tuned?tag=" + tag, key, null, null);
    awaitEntered();

    Reply repeat = http.send("POST", "slow/tuned?tag=" + tag, key, null, null);
    release();
    Http.await(first);

    assertEquals(409, repeat.status(), repeat::describe);
    assertEquals(List.of("3"), repeat.headerValues("Retry-After"), repeat::describe);
  }

  @Test
  void two_concurrent_requests_with_one_new_key_give_one_success_one_409_and_one_side_effect()
      throws Exception {
    CompletableFuture<Reply> one = start();
    CompletableFuture<Reply> two = start();
    awaitEntered();

    // the request inside the method cannot finish before the release: the other one answers first
    Reply refused =
        (Reply) CompletableFuture.anyOf(one, two).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    release();
    List<Integer> statuses =
        Stream.of(Http.await(one), Http.await(two)).map(Reply::status).sorted().toList();

    assertAll(
        () -> assertEquals(409, refused.status(), refused::describe),
        () -> assertEquals(List.of(201, 409), statuses),
        () -> assertEquals(1, http.invocations(tag + ":entered"), "the method ran once"),
        () -> assertEquals(1, http.invocations(tag), "side effects"));
  }

  @Test
  void another_request_with_the_key_of_a_running_one_gets_422_idempotency_key_reused()
      throws Exception {
    CompletableFuture<Reply> first = startAndHold();

    Reply other = http.send("POST", "slow?tag=" + tag + "&variant=other", key, null, null);
    release();
    Http.await(first);

    Problems.assertProblem(other, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag + ":entered"), "the method ran once");
  }

  @Test
  void a_repeat_after_the_first_finished_replays_its_response() throws Exception {
    CompletableFuture<Reply> first = startAndHold();
    release();
    Reply original = Http.await(first);

    Reply repeat = Http.await(start());

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, original.status()),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(original.text(), repeat.text()),
        () -> assertEquals(Optional.empty(), repeat.header("Retry-After")),
        () -> assertEquals(1, http.invocations(tag + ":entered"), "the method ran once"));
  }
}
