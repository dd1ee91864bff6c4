package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Latches;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.renewal.LongJobResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * While the method runs its lock is renewed, so a request that runs for several lock ttls keeps its
 * key: every repeat meanwhile gets 409 and the method runs once. The deployment's config sets the
 * method's {@code lockTtl} to two seconds (scaled by {@link TckTimeouts}): renewed every third of
 * it, so a renewal delayed by a busy machine for less than about a second does not lose the key.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentLockRenewalTest {

  private static final Duration LOCK_TTL = TckTimeouts.scaled(Duration.ofSeconds(2));
  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  /** A repeat that does not answer this fast entered the method, which holds. */
  private static final Duration REFUSAL = TckTimeouts.scaled(Duration.ofSeconds(5));

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-lock-renewal")
        .classes(LongJobResource.class, Latches.class)
        .config(
            LongJobResource.class.getName() + "/run/Idempotent/lockTtl", LOCK_TTL.toMillis() + "ms")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("renewal");
    key = Http.unique("key");
  }

  @AfterEach
  void releaseAnyHeldRequest() {
    http.send("POST", "jobs/latches/" + tag + "/release", null, null, null);
  }

  private CompletableFuture<Reply> start() {
    return http.sendAsync("POST", "jobs?tag=" + tag, key, null, null);
  }

  private void awaitEntered() throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"true".equals(http.get("jobs/latches/" + tag).text())) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no request entered the method within " + WAIT);
      }
      Thread.sleep(20);
    }
  }

  @Test
  void a_request_running_for_three_lock_ttls_keeps_its_key() throws Exception {
    CompletableFuture<Reply> first = start();
    awaitEntered();

    // repeat for three lock ttls: without renewal the lock expires after the first one
    long end = System.nanoTime() + LOCK_TTL.multipliedBy(3).toNanos();
    int repeats = 0;
    while (System.nanoTime() < end) {
      Reply repeat;
      try {
        repeat = start().get(REFUSAL.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        throw new AssertionError(
            "a repeat after " + repeats + " refusals did not answer: it took over the key", e);
      }
      Problems.assertProblem(repeat, ErrorCode.IDEMPOTENCY_KEY_IN_USE);
      repeats++;
      Thread.sleep(100);
    }
    http.send("POST", "jobs/latches/" + tag + "/release", null, null, null);
    Reply original = Http.await(first);

    assertAll(
        () -> assertEquals(201, original.status(), original::describe),
        () -> assertEquals(1, http.invocations(tag + ":entered"), "the method ran once"));
  }
}
