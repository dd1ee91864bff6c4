package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.InvoiceResource;
import dev.fenced.tck.idempotent.unreadable.GarbledStore;
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
 * A stored record that cannot be decoded gets 500 {@code IDEMPOTENCY_RECORD_UNREADABLE} and the
 * method does not run: Fenced fails closed. The deployment selects a custom store whose records
 * hold bytes that are not a Fenced record.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentRecordUnreadableTest {

  private static final String INVOICE = "{\"customer\":\"c-1\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-record-unreadable")
        .classes(InvoiceResource.class, GarbledStore.class)
        .config("fenced.idempotency.store", GarbledStore.NAME)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("unreadable");
  }

  @Test
  void a_record_that_cannot_be_decoded_gets_500_idempotency_record_unreadable() {
    Reply reply = http.post("invoices?tag=" + tag, Http.unique("key"), INVOICE);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE);
  }

  @Test
  void the_method_does_not_run_when_the_record_cannot_be_read() {
    http.post("invoices?tag=" + tag, Http.unique("key"), INVOICE);

    assertEquals(0, http.invocations(tag));
  }
}
