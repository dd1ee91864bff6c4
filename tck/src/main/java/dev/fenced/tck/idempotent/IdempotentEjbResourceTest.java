package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.ejb.InvoiceResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A JAX-RS resource that is an EJB gets the same answers as one that is a CDI bean. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentEjbResourceTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-ejb-resource").classes(InvoiceResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("ejb");
  }

  @Test
  void a_repeat_to_a_session_bean_resource_replays_without_running_again() {
    String key = Http.unique("key");
    Reply first = http.post("invoices?tag=" + tag, key, "{\"total\":12}");
    Reply repeat = http.post("invoices?tag=" + tag, key, "{\"total\":12}");

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals(201, repeat.status()),
        () -> assertArrayEquals(first.body(), repeat.body()),
        () -> assertEquals(Optional.of("true"), repeat.header(Reply.REPLAYED)),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void another_body_under_the_same_key_is_refused_with_422() {
    String key = Http.unique("key");
    http.post("invoices?tag=" + tag, key, "{\"total\":12}");
    Reply reused = http.post("invoices?tag=" + tag, key, "{\"total\":13}");

    assertAll(
        reused.describe(),
        () -> assertEquals(422, reused.status()),
        () -> Problems.assertProblem(reused, ErrorCode.IDEMPOTENCY_KEY_REUSED),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
