package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.stores.WithWorkSuspendedResource;
import dev.fenced.tck.idempotent.async.PendingResponses;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Invocations;
import dev.fenced.tck.support.InvocationsResource;
import dev.fenced.tck.support.Reply;
import dev.fenced.tck.support.TckApplication;
import dev.fenced.tck.support.TckDeployment;
import dev.fenced.tck.support.TckTimeouts;
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
 * Runs in the {@code jpa} cells, with {@code fenced.idempotency.commit=with-work}: a transactional
 * resource method that answers through a {@code @Suspended AsyncResponse} writes no commit mark
 * when it returns, because its work is still to come. A response that then fails releases the key
 * and a retry runs again; marked, every retry would get {@code IDEMPOTENCY_OUTCOME_LOST} for the
 * whole ttl and the operation would never be done.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreWithWorkSuspendedIT {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment(testable = false)
  static WebArchive deployment() {
    return TckDeployment.war("jpa-store-with-work-suspended-it")
        .classes(
            TckApplication.class,
            Invocations.class,
            InvocationsResource.class,
            PendingResponses.class,
            WithWorkSuspendedResource.class)
        .config("fenced.idempotency.commit", "with-work")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("with-work");
    key = Http.unique("key");
  }

  @AfterEach
  void failAnyPendingResponse() {
    http.send("POST", "with-work/pending/" + tag + "/fail", null, null, null);
  }

  @Test
  void a_suspended_response_that_fails_after_its_transaction_committed_can_be_retried()
      throws Exception {
    CompletableFuture<Reply> first = startPending();
    end("fail");
    Reply failed = Http.await(first);

    CompletableFuture<Reply> retry = startPending();
    end("complete");
    Reply second = Http.await(retry);

    assertThat(failed.status()).as(failed.describe()).isEqualTo(500);
    assertThat(second.status()).as(second.describe()).isEqualTo(201);
    assertThat(second.replayed()).as("the retry ran, it was not replayed").isFalse();
    assertThat(http.invocations(tag + ":entered")).as("the method ran twice").isEqualTo(2);
  }

  @Test
  void a_suspended_response_that_completes_is_recorded_and_replayed() throws Exception {
    CompletableFuture<Reply> first = startPending();
    end("complete");
    Reply original = Http.await(first);

    Reply repeat = Http.await(send());

    assertThat(original.status()).as(original.describe()).isEqualTo(201);
    assertThat(repeat.replayed()).as(repeat.describe()).isTrue();
    assertThat(repeat.text()).isEqualTo(original.text());
    assertThat(http.invocations(tag + ":entered")).as("the method ran once").isEqualTo(1);
  }

  private CompletableFuture<Reply> send() {
    return http.sendAsync("POST", "with-work/suspended?tag=" + tag, key, null, null);
  }

  private CompletableFuture<Reply> startPending() throws InterruptedException {
    CompletableFuture<Reply> reply = send();
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"true".equals(http.get("with-work/pending/" + tag).text())) {
      if (reply.isDone() || System.nanoTime() > deadline) {
        throw new AssertionError("no response became pending within " + WAIT + ": " + reply);
      }
      Thread.sleep(20);
    }
    return reply;
  }

  private void end(String how) {
    Reply reply = http.send("POST", "with-work/pending/" + tag + "/" + how, null, null, null);
    assertThat(reply.status()).as(reply.describe()).isEqualTo(204);
  }
}
