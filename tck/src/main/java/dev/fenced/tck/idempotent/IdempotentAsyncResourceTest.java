package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.async.AsyncOrderResource;
import dev.fenced.tck.idempotent.async.PendingRequests;
import dev.fenced.tck.idempotent.async.PendingResponses;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
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
 * Asynchronous resource methods are idempotent like synchronous ones: a method returning {@code
 * CompletionStage<Response>} and one with a {@code @Suspended AsyncResponse} keep their key while
 * the response is pending (a repeat gets 409), the response is recorded when it completes and
 * replayed to repeats, and a response that fails or times out releases the key, so a repeat runs
 * the method again. No request thread waits: the test completes the pending responses.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentAsyncResourceTest {

  /** The timeout of a suspended response that the test lets time out. */
  private static final Duration SUSPEND_TIMEOUT = Duration.ofMillis(300);

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-async-resource")
        .classes(AsyncOrderResource.class, PendingResponses.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private PendingRequests requests;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("async");
    requests = new PendingRequests(http, tag, Http.unique("key"));
  }

  @AfterEach
  void failAnyPendingResponse() {
    requests.failAnyPending();
  }

  private CompletableFuture<Reply> send(String path) {
    return requests.send(path);
  }

  private CompletableFuture<Reply> startPending(String path) throws InterruptedException {
    return requests.startPending(path);
  }

  private void end(String how) {
    requests.end(how);
  }

  /** The response of {@code path}, completed by the test, is stored and replayed. */
  private void assertRecordedWhenCompletedAndReplayed(String path) throws Exception {
    CompletableFuture<Reply> first = startPending(path);
    end("complete");
    Reply original = Http.await(first);

    Reply repeat = Http.await(send(path));

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, original.status(), original::describe),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(original.text(), repeat.text()),
        () -> assertEquals(1, http.invocations(tag + ":entered"), "the method ran once"));
  }

  /** A repeat while the response of {@code path} is pending gets 409. */
  private void assertRepeatWhilePendingGets409(String path) throws Exception {
    CompletableFuture<Reply> first = startPending(path);

    Reply repeat = Http.await(send(path));
    end("complete");

    Problems.assertProblem(repeat, ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertEquals(201, Http.await(first).status());
  }

  /** The response of {@code path}, failed by the test, releases the key: a repeat runs again. */
  private void assertFailureReleasesTheKey(String path) throws Exception {
    CompletableFuture<Reply> first = startPending(path);
    end("fail");
    Reply failed = Http.await(first);

    assertRanAgainAfter(failed, 500, path);
  }

  /** After {@code ended} with {@code status}, a repeat to {@code path} runs the method again. */
  private void assertRanAgainAfter(Reply ended, int status, String path) throws Exception {
    CompletableFuture<Reply> repeat = startPending(path);
    end("complete");
    Reply second = Http.await(repeat);

    assertAll(
        () -> assertEquals(status, ended.status(), ended::describe),
        () -> assertEquals(201, second.status(), second::describe),
        () -> assertFalse(second.replayed(), "the repeat ran, it was not replayed"),
        () -> assertEquals(2, http.invocations(tag + ":entered"), "the method ran twice"));
  }

  @Test
  void a_completion_stage_response_is_recorded_when_it_completes_and_replayed() throws Exception {
    assertRecordedWhenCompletedAndReplayed("stage");
  }

  @Test
  void a_repeat_while_a_completion_stage_is_pending_gets_409() throws Exception {
    assertRepeatWhilePendingGets409("stage");
  }

  @Test
  void a_completion_stage_that_fails_releases_the_key_and_a_repeat_runs_again() throws Exception {
    assertFailureReleasesTheKey("stage");
  }

  @Test
  void a_suspended_response_is_recorded_when_resumed_and_replayed() throws Exception {
    assertRecordedWhenCompletedAndReplayed("suspended");
  }

  @Test
  void a_repeat_while_a_response_is_suspended_gets_409() throws Exception {
    assertRepeatWhilePendingGets409("suspended");
  }

  @Test
  void a_suspended_response_resumed_with_an_exception_releases_the_key() throws Exception {
    assertFailureReleasesTheKey("suspended");
  }

  @Test
  void a_suspended_response_that_times_out_releases_the_key() throws Exception {
    Reply timedOut = Http.await(send("suspended?timeout=" + SUSPEND_TIMEOUT.toMillis()));

    assertRanAgainAfter(timedOut, 503, "suspended");
  }
}
