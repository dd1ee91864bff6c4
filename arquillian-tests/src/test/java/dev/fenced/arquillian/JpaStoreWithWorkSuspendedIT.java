package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.tck.idempotent.async.AsyncOrderResource;
import dev.fenced.tck.idempotent.async.PendingRequests;
import dev.fenced.tck.idempotent.async.PendingResponses;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.InvocationsResource;
import dev.fenced.tck.support.Reply;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
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
 * resource method that answers through a {@code @Suspended AsyncResponse} (the TCK's {@code POST
 * /api/async/suspended-in-transaction}) writes no commit mark when it returns, because its work is
 * still to come. A response that then fails releases the key and a retry runs again; marked, every
 * retry would get {@code IDEMPOTENCY_OUTCOME_LOST} for the whole ttl and the operation would never
 * be done.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreWithWorkSuspendedIT {

  private static final String SUSPENDED = "suspended-in-transaction";

  @Deployment(testable = false)
  static WebArchive deployment() {
    return TckDeployment.war("jpa-store-with-work-suspended-it")
        .classes(
            TckApplication.class,
            Invocations.class,
            InvocationsResource.class,
            PendingResponses.class,
            AsyncOrderResource.class)
        .config("fenced.idempotency.commit", "with-work")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private PendingRequests requests;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("with-work");
    requests = new PendingRequests(http, tag, Http.unique("key"));
  }

  @AfterEach
  void failAnyPendingResponse() {
    requests.failAnyPending();
  }

  @Test
  void a_suspended_response_that_fails_after_its_transaction_committed_can_be_retried()
      throws Exception {
    CompletableFuture<Reply> first = requests.startPending(SUSPENDED);
    requests.end("fail");
    Reply failed = Http.await(first);

    CompletableFuture<Reply> retry = requests.startPending(SUSPENDED);
    requests.end("complete");
    Reply second = Http.await(retry);

    assertThat(failed.status()).as(failed.describe()).isEqualTo(500);
    assertThat(second.status()).as(second.describe()).isEqualTo(201);
    assertThat(second.replayed()).as("the retry ran, it was not replayed").isFalse();
    assertThat(http.invocations(tag + ":entered")).as("the method ran twice").isEqualTo(2);
  }

  @Test
  void a_suspended_response_that_completes_is_recorded_and_replayed() throws Exception {
    CompletableFuture<Reply> first = requests.startPending(SUSPENDED);
    requests.end("complete");
    Reply original = Http.await(first);

    Reply repeat = Http.await(requests.send(SUSPENDED));

    assertThat(original.status()).as(original.describe()).isEqualTo(201);
    assertThat(repeat.replayed()).as(repeat.describe()).isTrue();
    assertThat(repeat.text()).isEqualTo(original.text());
    assertThat(http.invocations(tag + ":entered")).as("the method ran once").isEqualTo(1);
  }
}
