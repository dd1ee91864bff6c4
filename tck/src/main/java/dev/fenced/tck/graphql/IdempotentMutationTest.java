package dev.fenced.tck.graphql;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.graphql.payments.CheckoutLatches;
import dev.fenced.tck.graphql.refunds.Refunds;
import dev.fenced.tck.support.Graphql;
import dev.fenced.tck.support.GraphqlReply;
import dev.fenced.tck.support.Http;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.Map;
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
 * {@code @Idempotent} MicroProfile GraphQL mutations: a mutation runs once per key and field; a
 * repeat gets the stored value; a refusal is a GraphQL error on its field (HTTP 200) whose {@code
 * extensions} hold {@code code}, {@code httpStatus} and, for a key in use, {@code retryAfter};
 * aliases of one mutation in one operation keep their own records; a business error is stored and
 * replayed, an unexpected one releases the key; a query is never guarded. The deployment sets
 * {@code fenced.idempotency.retry-after=1500ms}, so {@code retryAfter} must be 2.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentMutationTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));
  private static final String PAYMENT = "{ orderId amount run }";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return GraphqlDeployments.war("idempotent-mutation")
        .classes(CheckoutLatches.class, Refunds.class)
        .config("fenced.idempotency.retry-after", "1500ms")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private Graphql graphql;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    graphql = new Graphql(base);
    tag = Http.unique("mutation");
    key = Http.unique("key");
  }

  @AfterEach
  void releaseAnyHeldMutation() {
    http.send("POST", "checkout-latches/" + tag + "/release", null, null, null);
  }

  private GraphqlReply pay(String orderId, int amount, String withKey) {
    return graphql.run(
        "mutation { pay(orderId: \"%s\", amount: %d, tag: \"%s\", idempotencyKey: \"%s\") %s }"
            .formatted(orderId, amount, tag, withKey, PAYMENT),
        Map.of());
  }

  private GraphqlReply payByHeader(String orderId, String withKey) {
    return graphql.run(
        "mutation { payByHeader(orderId: \"%s\", amount: 10, tag: \"%s\") %s }"
            .formatted(orderId, tag, PAYMENT),
        withKey == null ? Map.of() : Map.of(Http.KEY, withKey));
  }

  private static void assertPaid(GraphqlReply reply, String field, String orderId, int run) {
    JsonObject payment = reply.object(field);
    assertAll(
        reply.describe(),
        () -> assertEquals(orderId, payment.getString("orderId")),
        () -> assertEquals(run, payment.getInt("run"), "the run that paid"));
  }

  private static void assertRefused(GraphqlReply reply, String field, ErrorCode code) {
    JsonObject extensions = reply.extensions(field);
    assertAll(
        reply.describe(),
        () -> assertEquals(200, reply.status(), "a GraphQL error keeps HTTP 200"),
        () -> assertTrue(reply.message(field).startsWith(code.name()), "the message's code"),
        () -> assertEquals(code.name(), extensions.getString("code", null), "extensions.code"),
        () -> assertEquals(code.httpStatus(), extensions.getInt("httpStatus", -1), "httpStatus"));
  }

  @Test
  void a_repeat_gets_the_first_runs_value_without_running_again() {
    GraphqlReply first = pay("o-1", 25, key);
    GraphqlReply repeat = pay("o-1", 25, key);

    assertPaid(first, "pay", "o-1", 1);
    assertPaid(repeat, "pay", "o-1", 1);
    assertAll(
        () -> assertEquals(first.object("pay"), repeat.object("pay"), "the same typed value"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_new_key_runs_again() {
    pay("o-1", 25, key);
    GraphqlReply other = pay("o-1", 25, Http.unique("key"));

    assertPaid(other, "pay", "o-1", 2);
  }

  @Test
  void the_key_can_come_from_the_idempotency_key_header() {
    payByHeader("o-2", key);
    GraphqlReply repeat = payByHeader("o-2", key);
    GraphqlReply withoutKey = payByHeader("o-2", null);

    assertPaid(repeat, "payByHeader", "o-2", 1);
    assertPaid(withoutKey, "payByHeader", "o-2", 2);
    assertEquals(2, http.invocations(tag), "a mutation without a key that needs none runs");
  }

  @Test
  void the_same_key_with_other_arguments_gets_the_reused_error() {
    pay("o-1", 25, key);
    GraphqlReply other = pay("o-1", 30, key);

    assertRefused(other, "pay", ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void variables_are_compared_as_the_values_they_stand_for() {
    pay("o-3", 25, key);
    GraphqlReply withVariables =
        graphql.run(
            "mutation Pay($order: String, $amount: Int!, $key: String) {"
                + " pay(orderId: $order, amount: $amount, tag: \"%s\", idempotencyKey: $key) %s }"
                    .formatted(tag, PAYMENT),
            Map.of("order", "o-3", "amount", 25, "key", key),
            Map.of());

    assertPaid(withVariables, "pay", "o-3", 1);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void a_repeat_while_the_first_runs_gets_the_in_use_error_with_retry_after() throws Exception {
    String document =
        "mutation { payHeld(orderId: \"o-4\", tag: \"%s\", idempotencyKey: \"%s\") %s }"
            .formatted(tag, key, PAYMENT);
    CompletableFuture<GraphqlReply> first = graphql.runAsync(document, Map.of(), Map.of());
    awaitHeld();

    GraphqlReply repeat = graphql.run(document, Map.of());
    http.send("POST", "checkout-latches/" + tag + "/release", null, null, null);

    assertRefused(repeat, "payHeld", ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertEquals(2, repeat.extensions("payHeld").getInt("retryAfter", -1), "retryAfter");
    assertPaid(Graphql.await(first), "payHeld", "o-4", 1);
    assertEquals(1, http.invocations(tag + ":entered"), "the method ran once");
  }

  private void awaitHeld() throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!"true".equals(http.get("checkout-latches/" + tag).text())) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no mutation held within " + WAIT);
      }
      Thread.sleep(20);
    }
  }

  @Test
  void two_aliases_of_one_mutation_in_one_operation_each_run_once() {
    String document =
        ("mutation { first: payByHeader(orderId: \"o-5\", amount: 10, tag: \"%s\") %s"
                + " second: payByHeader(orderId: \"o-5\", amount: 10, tag: \"%s\") %s }")
            .formatted(tag, PAYMENT, tag, PAYMENT);

    GraphqlReply once = graphql.run(document, Map.of(Http.KEY, key));
    GraphqlReply again = graphql.run(document, Map.of(Http.KEY, key));

    assertPaid(once, "first", "o-5", 1);
    assertPaid(once, "second", "o-5", 2);
    assertPaid(again, "first", "o-5", 1);
    assertPaid(again, "second", "o-5", 2);
    assertEquals(2, http.invocations(tag), "runs");
  }

  @Test
  void an_alias_is_a_field_of_its_own_so_its_key_keeps_its_own_record() {
    pay("o-6", 25, key);
    GraphqlReply aliased =
        graphql.run(
            "mutation { again: pay(orderId: \"o-6\", amount: 99, tag: \"%s\", idempotencyKey: \"%s\") %s }"
                .formatted(tag, key, PAYMENT),
            Map.of());

    assertPaid(aliased, "again", "o-6", 2);
  }

  @Test
  void a_refused_field_leaves_the_other_fields_of_the_operation_alone() {
    pay("o-6", 25, key);
    GraphqlReply mixed =
        graphql.run(
            ("mutation { pay(orderId: \"o-6\", amount: 99, tag: \"%s\","
                    + " idempotencyKey: \"%s\") %s"
                    + " fresh: pay(orderId: \"o-7\", amount: 5, tag: \"%s\","
                    + " idempotencyKey: \"%s\") %s }")
                .formatted(tag, key, PAYMENT, tag, Http.unique("key"), PAYMENT),
            Map.of());

    assertRefused(mixed, "pay", ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertPaid(mixed, "fresh", "o-7", 2);
  }

  @Test
  void a_business_error_is_stored_and_replayed_as_that_error() {
    String document =
        "mutation { payDeclined(orderId: \"o-8\", tag: \"%s\", idempotencyKey: \"%s\") %s }"
            .formatted(tag, key, PAYMENT);

    GraphqlReply first = graphql.run(document, Map.of());
    GraphqlReply repeat = graphql.run(document, Map.of());

    assertAll(
        repeat.describe(),
        () -> assertEquals("card declined for o-8 in run 1", first.message("payDeclined")),
        () -> assertEquals(first.message("payDeclined"), repeat.message("payDeclined")),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void an_unexpected_exception_releases_the_key_and_a_retry_runs() {
    String document =
        "mutation { payCrashing(orderId: \"o-9\", tag: \"%s\", idempotencyKey: \"%s\") %s }"
            .formatted(tag, key, PAYMENT);

    GraphqlReply crashed = graphql.run(document, Map.of());
    GraphqlReply retry = graphql.run(document, Map.of());

    assertTrue(crashed.error("payCrashing").isPresent(), crashed::describe);
    assertPaid(retry, "payCrashing", "o-9", 2);
  }

  @Test
  void a_mutation_that_requires_a_key_is_refused_without_one_before_it_runs() {
    GraphqlReply refused =
        graphql.run(
            "mutation { payWithKey(orderId: \"o-10\", tag: \"%s\") %s }".formatted(tag, PAYMENT),
            Map.of());

    assertRefused(refused, "payWithKey", ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void an_invalid_key_is_refused_before_the_mutation_runs() {
    GraphqlReply refused = payByHeader("o-11", "a, b");

    assertRefused(refused, "payByHeader", ErrorCode.IDEMPOTENCY_KEY_INVALID);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void the_class_level_annotation_guards_the_mutations_and_not_the_queries() {
    String refund =
        "mutation { refund(orderId: \"o-12\", tag: \"%s\", idempotencyKey: \"%s\") }"
            .formatted(tag, key);
    String query = "query { refundsSeen(tag: \"%s\", idempotencyKey: \"%s\") }".formatted(tag, key);

    GraphqlReply refunded = graphql.run(refund, Map.of());
    GraphqlReply again = graphql.run(refund, Map.of());
    GraphqlReply seen = graphql.run(query, Map.of());
    GraphqlReply seenAgain = graphql.run(query, Map.of());

    assertAll(
        again.describe(),
        () -> assertEquals(1, refunded.body().getJsonObject("data").getInt("refund")),
        () -> assertEquals(1, again.body().getJsonObject("data").getInt("refund"), "replayed"),
        () -> assertEquals(1, seen.body().getJsonObject("data").getInt("refundsSeen")),
        () -> assertEquals(2, seenAgain.body().getJsonObject("data").getInt("refundsSeen")),
        () -> assertEquals(1, http.invocations(tag), "refunds"));
  }
}
