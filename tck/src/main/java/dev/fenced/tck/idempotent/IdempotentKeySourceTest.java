package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.keysource.OrderPaymentResource;
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
 * {@code @Idempotent(keyFrom)}: the key from a path parameter, a query parameter or a field of the
 * JSON body instead of the {@code Idempotency-Key} header. Such a key belongs to its method: the
 * same order id on two methods is two records, each run once.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentKeySourceTest {

  private static final String EMPTY = "{}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-key-source").classes(OrderPaymentResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String order;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("keysource");
    order = Http.unique("order");
  }

  @Test
  void a_key_from_the_path_replays_a_repeat_without_any_key_header() {
    Reply first = http.post("orders/" + order + "/pay?tag=" + tag, null, EMPTY);
    Reply repeat = http.post("orders/" + order + "/pay?tag=" + tag, null, EMPTY);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.text(), repeat.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void the_same_path_key_on_another_method_is_another_record() {
    http.post("orders/" + order + "/pay?tag=" + tag, null, EMPTY);
    Reply shipped = http.post("orders/" + order + "/ship?tag=" + tag, null, EMPTY);

    assertAll(
        shipped.describe(),
        () -> assertEquals(201, shipped.status()),
        () -> assertFalse(shipped.replayed(), "not replayed"),
        () -> assertEquals(2, http.invocations(tag), "runs: one per method"));
  }

  @Test
  void a_key_from_the_query_replays_a_repeat() {
    String capture = "orders/" + order + "/capture?captureId=" + Http.unique("cap") + "&tag=" + tag;

    Reply first = http.post(capture, null, EMPTY);
    Reply repeat = http.post(capture, null, EMPTY);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_required_query_key_that_is_missing_is_refused_naming_the_parameter() {
    Reply refused = http.post("orders/" + order + "/capture?tag=" + tag, null, EMPTY);

    Problems.assertProblem(refused, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertAll(
        () -> assertTrue(refused.text().contains("captureId query parameter"), refused::describe),
        () -> assertEquals(0, http.invocations(tag), "runs"));
  }

  @Test
  void a_key_from_a_body_field_replays_a_repeat() {
    String body = "{\"settlementId\":\"" + Http.unique("settle") + "\",\"cents\":4200}";

    Reply first = http.post("orders/" + order + "/settle?tag=" + tag, null, body);
    Reply repeat = http.post("orders/" + order + "/settle?tag=" + tag, null, body);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_body_without_the_key_field_runs_unguarded_as_a_request_without_a_key_does() {
    Reply first = http.post("orders/" + order + "/settle?tag=" + tag, null, "{\"cents\":4200}");
    Reply again = http.post("orders/" + order + "/settle?tag=" + tag, null, "{\"cents\":4200}");

    assertAll(
        again.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertFalse(again.replayed(), "not replayed"),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
