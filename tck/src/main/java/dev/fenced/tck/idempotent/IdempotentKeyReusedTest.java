package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.reused.PaymentResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same key with another request (body, path, query or method) gets 422 {@code
 * IDEMPOTENCY_KEY_REUSED} without running the method; JSON bodies that differ only in member order
 * or whitespace are the same request.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentKeyReusedTest {

  private static final String PAYMENT = "{\"amount\":10,\"currency\":\"EUR\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-key-reused").classes(PaymentResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("reused");
    key = Http.unique("key");
  }

  private Reply pay(String json) {
    return http.post("payments?tag=" + tag, key, json);
  }

  private void firstPayment() {
    Reply first = pay(PAYMENT);
    assertEquals(201, first.status(), first::describe);
  }

  @Test
  void the_same_key_with_another_body_gets_422_idempotency_key_reused() {
    firstPayment();

    Reply reuse = pay("{\"amount\":20,\"currency\":\"EUR\"}");

    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }

  @Test
  void a_refused_reuse_does_not_run_the_method() {
    firstPayment();

    pay("{\"amount\":20,\"currency\":\"EUR\"}");

    assertEquals(1, http.invocations(tag));
  }

  @Test
  void the_same_key_on_another_path_gets_422() {
    firstPayment();

    Reply reuse = http.post("refunds?tag=" + tag, key, PAYMENT);

    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void the_same_key_with_another_query_gets_422() {
    firstPayment();

    Reply reuse = http.post("payments?tag=" + tag + "&express=true", key, PAYMENT);

    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void the_same_key_with_another_http_method_gets_422() {
    firstPayment();

    Reply reuse =
        http.send(
            "PUT", "payments?tag=" + tag, key, Http.JSON, PAYMENT.getBytes(StandardCharsets.UTF_8));

    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void json_bodies_that_differ_only_in_member_order_are_the_same_request() {
    Reply first = pay("{\"amount\":10,\"currency\":\"EUR\",\"meta\":{\"a\":1,\"b\":[1,2]}}");

    Reply repeat = pay("{\"meta\":{\"b\":[1,2],\"a\":1},\"currency\":\"EUR\",\"amount\":10}");

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void json_bodies_that_differ_only_in_whitespace_are_the_same_request() {
    Reply first = pay(PAYMENT);

    Reply repeat = pay("{\n  \"amount\" : 10,\n  \"currency\" : \"EUR\"\n}\n");

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void the_original_request_is_still_replayed_after_a_refused_reuse() {
    Reply first = pay(PAYMENT);
    pay("{\"amount\":20,\"currency\":\"EUR\"}");

    Reply repeat = pay(PAYMENT);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body()));
  }

  @Test
  void non_json_bodies_count_byte_for_byte_so_a_whitespace_change_is_another_request() {
    Reply first = note("pay the rent");
    Reply reuse = note("pay the  rent");

    assertEquals(201, first.status(), first::describe);
    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  private Reply note(String text) {
    return http.send(
        "POST", "notes?tag=" + tag, key, "text/plain", text.getBytes(StandardCharsets.UTF_8));
  }
}
