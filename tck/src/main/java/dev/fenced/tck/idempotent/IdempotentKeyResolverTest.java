package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.keyresolver.OrderAttemptKeys;
import dev.fenced.tck.idempotent.keyresolver.OrderAttemptResource;
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
 * {@code @Idempotent(keyFrom = "bean:<name>")}: the key an application's {@code
 * IdempotencyKeyResolver} computes from the request, here from two fields of the JSON body, with no
 * key header.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentKeyResolverTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-key-resolver")
        .classes(OrderAttemptResource.class, OrderAttemptKeys.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String order;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("keyresolver");
    order = Http.unique("order");
  }

  @Test
  void a_key_computed_from_two_body_fields_replays_a_repeat() {
    String body = attempt(1);

    Reply first = http.post("attempts?tag=" + tag, null, body);
    Reply repeat = http.post("attempts?tag=" + tag, null, body);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.text(), repeat.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void another_attempt_of_the_order_is_another_key_and_runs() {
    http.post("attempts?tag=" + tag, null, attempt(1));
    Reply second = http.post("attempts?tag=" + tag, null, attempt(2));

    assertAll(
        second.describe(),
        () -> assertEquals(201, second.status()),
        () -> assertFalse(second.replayed(), "not replayed"),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_request_the_resolver_finds_no_key_in_is_refused_when_a_key_is_required() {
    Reply refused = http.post("attempts?tag=" + tag, null, "{\"orderId\":\"" + order + "\"}");

    Problems.assertProblem(refused, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void a_resolver_that_throws_gets_500_and_the_method_does_not_run() {
    Reply failed =
        http.post(
            "attempts?tag=" + tag,
            null,
            "{\"orderId\":\"" + order + "\",\"attempt\":1,\"explode\":true}");

    Problems.assertProblem(failed, ErrorCode.IDEMPOTENCY_KEY_UNRESOLVABLE);
    assertAll(
        () -> assertFalse(failed.text().contains("on purpose"), failed::describe),
        () -> assertEquals(0, http.invocations(tag), "runs"));
  }

  private String attempt(int attempt) {
    return "{\"orderId\":\"" + order + "\",\"attempt\":" + attempt + ",\"cents\":4200}";
  }
}
