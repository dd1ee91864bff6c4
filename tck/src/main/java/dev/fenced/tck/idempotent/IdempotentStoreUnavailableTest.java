package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.InvoiceResource;
import dev.fenced.tck.idempotent.unavailable.UnreachableStore;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * When the store cannot be reached the request gets 503 {@code IDEMPOTENCY_STORE_UNAVAILABLE} and
 * the method does not run: Fenced fails closed. The deployment selects a custom store bean that
 * always throws {@code StoreUnavailableException}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentStoreUnavailableTest {

  private static final String INVOICE = "{\"customer\":\"c-1\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-store-unavailable")
        .classes(InvoiceResource.class, UnreachableStore.class)
        .config("fenced.idempotency.store", UnreachableStore.NAME)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("unavailable");
  }

  @Test
  void a_guarded_request_gets_503_idempotency_store_unavailable() {
    Reply reply = http.post("invoices?tag=" + tag, Http.unique("key"), INVOICE);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE);
  }

  @Test
  void the_method_does_not_run_when_the_store_cannot_be_reached() {
    String key = Http.unique("key");
    http.post("invoices?tag=" + tag, key, INVOICE);
    http.post("invoices?tag=" + tag, key, INVOICE);

    assertEquals(0, http.invocations(tag));
  }
}
