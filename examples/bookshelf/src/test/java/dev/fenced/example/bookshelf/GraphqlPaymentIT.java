package dev.fenced.example.bookshelf;

import static dev.fenced.example.bookshelf.BookshelfApi.object;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The GraphQL mutation {@code payOrder}: {@code @Idempotent(required = true)} as a client sees it.
 * A refusal is a GraphQL error on the field, with HTTP 200, whose message starts with the code and
 * whose {@code extensions} hold {@code code} and {@code httpStatus}.
 */
class GraphqlPaymentIT {

  private static final String RECEIPT = "{ orderId receiptId amount paidAt }";

  private final BookshelfApi api = new BookshelfApi();

  private static String newKey() {
    return "smoke-" + UUID.randomUUID();
  }

  private static String payOrder(String orderId, String key, String paymentMethod) {
    return ("mutation { payOrder(orderId: \"%s\", idempotencyKey: \"%s\","
            + " payment: {paymentMethod: \"%s\"}) %s }")
        .formatted(orderId, key, paymentMethod, RECEIPT);
  }

  private HttpResponse<byte[]> pay(String orderId, String key) {
    return api.graphql(payOrder(orderId, key, "card"));
  }

  private static JsonObject paid(HttpResponse<byte[]> response) {
    JsonObject body = object(response);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(body.containsKey("errors")).as("errors in %s", body).isFalse();
    return body.getJsonObject("data").getJsonObject("payOrder");
  }

  /** The one error of a response, on {@code payOrder}, which answers {@code null}. */
  private static JsonObject error(HttpResponse<byte[]> response) {
    JsonObject body = object(response);
    assertThat(response.statusCode()).as("a GraphQL error keeps HTTP 200").isEqualTo(200);
    assertThat(body.getJsonArray("errors")).as("errors in %s", body).hasSize(1);
    assertThat(body.getJsonObject("data").get("payOrder")).isEqualTo(JsonValue.NULL);
    JsonObject error = body.getJsonArray("errors").getJsonObject(0);
    assertThat(error.getJsonArray("path"))
        .isEqualTo(Json.createArrayBuilder().add("payOrder").build());
    return error;
  }

  private static void assertRefused(JsonObject error, String code, int httpStatus) {
    assertThat(error.getString("message")).startsWith(code + ": ");
    assertThat(error.getJsonObject("extensions").getString("code")).isEqualTo(code);
    assertThat(error.getJsonObject("extensions").getInt("httpStatus")).isEqualTo(httpStatus);
  }

  @Test
  void pays_an_order_and_answers_its_receipt() throws Exception {
    String orderId = api.createOrder();
    long charges = api.count("admin/charges");

    JsonObject receipt = paid(pay(orderId, newKey()));

    assertThat(receipt.getString("orderId")).isEqualTo(orderId);
    assertThat(receipt.getJsonNumber("amount").bigDecimalValue())
        .isEqualByComparingTo(new BigDecimal("25.00"));
    assertThat(Instant.parse(receipt.getString("paidAt"))).isBeforeOrEqualTo(Instant.now());
    assertThat(object(api.get("orders/" + orderId + "/receipt")).getString("receiptId"))
        .isEqualTo(receipt.getString("receiptId"));
    assertThat(api.count("admin/charges")).isEqualTo(charges + 1);
  }

  @Test
  void answers_a_repeat_with_the_same_receipt_without_charging_again() throws Exception {
    String orderId = api.createOrder();
    String key = newKey();
    JsonObject first = paid(pay(orderId, key));
    long charges = api.count("admin/charges");

    HttpResponse<byte[]> repeat = pay(orderId, key);

    assertThat(paid(repeat)).isEqualTo(first);
    // the header would speak for the whole response, whose other fields may not be replayed
    assertThat(repeat.headers().firstValue("Idempotent-Replayed")).isEmpty();
    assertThat(api.count("admin/charges")).isEqualTo(charges);
  }

  @Test
  void refuses_a_payment_without_the_key_argument_before_it_charges() throws Exception {
    String orderId = api.createOrder();
    long charges = api.count("admin/charges");

    // a mutation with an idempotencyKey argument takes its key from there only, never the header
    HttpResponse<byte[]> refused =
        api.graphql(
            "mutation { payOrder(orderId: \"%s\", payment: {paymentMethod: \"card\"}) %s }"
                .formatted(orderId, RECEIPT),
            "Idempotency-Key",
            newKey());

    assertRefused(error(refused), "IDEMPOTENCY_KEY_REQUIRED", 400);
    assertThat(api.count("admin/charges")).isEqualTo(charges);
  }

  @Test
  void answers_a_concurrent_duplicate_with_the_in_use_error_and_retry_after() throws Exception {
    String orderId = api.createOrder();
    String key = newKey();
    long charges = api.count("admin/charges");

    // sent at once: the fake provider takes 500 ms, so whichever request claims the key first
    // still runs when the other arrives
    CompletableFuture<HttpResponse<byte[]>> one = api.graphqlAsync(payOrder(orderId, key, "card"));
    CompletableFuture<HttpResponse<byte[]>> other =
        api.graphqlAsync(payOrder(orderId, key, "card"));
    List<HttpResponse<byte[]>> answers = List.of(one.join(), other.join());

    assertThat(answers)
        .extracting(answer -> object(answer).containsKey("errors"))
        .containsExactlyInAnyOrder(false, true);
    HttpResponse<byte[]> refused =
        object(answers.get(0)).containsKey("errors") ? answers.get(0) : answers.get(1);
    JsonObject error = error(refused);
    assertRefused(error, "IDEMPOTENCY_KEY_IN_USE", 409);
    assertThat(error.getJsonObject("extensions").getInt("retryAfter")).isPositive();
    assertThat(api.count("admin/charges")).isEqualTo(charges + 1);
  }

  @Test
  void refuses_the_key_with_another_payment_with_the_reused_error() throws Exception {
    String orderId = api.createOrder();
    String key = newKey();
    pay(orderId, key);

    HttpResponse<byte[]> reused = api.graphql(payOrder(orderId, key, "voucher"));

    assertRefused(error(reused), "IDEMPOTENCY_KEY_REUSED", 422);
  }

  @Test
  void refuses_an_order_paid_over_rest_with_the_applications_error() throws Exception {
    String orderId = api.createOrder();
    assertThat(api.pay(orderId, newKey()).statusCode()).isEqualTo(201);
    long charges = api.count("admin/charges");

    HttpResponse<byte[]> again = pay(orderId, newKey());

    assertThat(error(again).getString("message")).startsWith("ORDER_ALREADY_PAID: ");
    assertThat(api.count("admin/charges")).isEqualTo(charges);
  }

  @Test
  void keeps_the_applications_error_as_the_outcome_of_its_key() throws Exception {
    String orderId = api.createOrder();
    pay(orderId, newKey());
    String key = newKey();
    String refusal = error(pay(orderId, key)).getString("message");

    HttpResponse<byte[]> repeat = pay(orderId, key);
    HttpResponse<byte[]> reused = api.graphql(payOrder(orderId, key, "voucher"));

    assertThat(error(repeat).getString("message")).isEqualTo(refusal);
    // had the error released the key, the voucher would have run and been refused as paid
    assertRefused(error(reused), "IDEMPOTENCY_KEY_REUSED", 422);
  }
}
