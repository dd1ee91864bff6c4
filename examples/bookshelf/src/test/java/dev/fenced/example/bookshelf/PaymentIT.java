package dev.fenced.example.bookshelf;

import static dev.fenced.example.bookshelf.BookshelfApi.object;
import static dev.fenced.example.bookshelf.BookshelfApi.payPath;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** {@code POST /api/orders/{id}/pay}: {@code @Idempotent(required = true)} as a client sees it. */
class PaymentIT {

  private final BookshelfApi api = new BookshelfApi();

  private static String newKey() {
    return "smoke-" + UUID.randomUUID();
  }

  @Test
  void pays_an_order_with_201_a_receipt_and_its_location() throws Exception {
    String orderId = api.createOrder();

    HttpResponse<byte[]> paid = api.pay(orderId, newKey());

    assertThat(paid.statusCode()).isEqualTo(201);
    JsonObject receipt = object(paid);
    assertThat(receipt.getString("orderId")).isEqualTo(orderId);
    assertThat(receipt.getString("receiptId")).isNotBlank();
    assertThat(receipt.getJsonNumber("amount").bigDecimalValue())
        .isEqualByComparingTo(new BigDecimal("25.00"));
    assertThat(Instant.parse(receipt.getString("paidAt"))).isBeforeOrEqualTo(Instant.now());
    String location = paid.headers().firstValue("Location").orElseThrow();
    assertThat(location).endsWith("/bookshelf/api/orders/" + orderId + "/receipt");
    assertThat(api.get(URI.create(location).getPath().replace("/bookshelf/api/", "")).body())
        .isEqualTo(paid.body());
  }

  @Test
  void replays_a_repeat_byte_for_byte_without_charging_again() throws Exception {
    String orderId = api.createOrder();
    String key = newKey();
    HttpResponse<byte[]> first = api.pay(orderId, key);
    long charges = api.count("admin/charges");

    HttpResponse<byte[]> repeat = api.pay(orderId, key);

    assertThat(repeat.statusCode()).isEqualTo(201);
    assertThat(repeat.body()).isEqualTo(first.body());
    assertThat(repeat.headers().firstValue("Idempotent-Replayed")).contains("true");
    assertThat(repeat.headers().firstValue("Location"))
        .isEqualTo(first.headers().firstValue("Location"));
    assertThat(api.count("admin/charges")).isEqualTo(charges);
  }

  @Test
  void answers_a_concurrent_duplicate_with_409_and_retry_after() throws Exception {
    String orderId = api.createOrder();
    String key = newKey();
    long charges = api.count("admin/charges");

    // sent at once: the fake provider takes 500 ms, so whichever request claims the key first
    // still runs when the other arrives
    CompletableFuture<HttpResponse<byte[]>> one =
        api.postAsync(payPath(orderId), "{\"paymentMethod\": \"card\"}", "Idempotency-Key", key);
    CompletableFuture<HttpResponse<byte[]>> other =
        api.postAsync(payPath(orderId), "{\"paymentMethod\": \"card\"}", "Idempotency-Key", key);
    List<HttpResponse<byte[]>> answers = List.of(one.join(), other.join());

    assertThat(answers).extracting(HttpResponse::statusCode).containsExactlyInAnyOrder(201, 409);
    HttpResponse<byte[]> conflict =
        answers.get(0).statusCode() == 409 ? answers.get(0) : answers.get(1);
    assertThat(object(conflict).getString("code")).isEqualTo("IDEMPOTENCY_KEY_IN_USE");
    assertThat(conflict.headers().firstValue("Retry-After"))
        .hasValueSatisfying(seconds -> assertThat(Integer.parseInt(seconds)).isPositive());
    assertThat(api.count("admin/charges")).isEqualTo(charges + 1);
  }

  @Test
  void refuses_a_key_reused_with_another_body_with_422() throws Exception {
    String orderId = api.createOrder();
    String key = newKey();
    api.pay(orderId, key);

    HttpResponse<byte[]> reused =
        api.post(payPath(orderId), "{\"paymentMethod\": \"voucher\"}", "Idempotency-Key", key);

    assertThat(reused.statusCode()).isEqualTo(422);
    assertThat(reused.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(object(reused).getString("code")).isEqualTo("IDEMPOTENCY_KEY_REUSED");
  }

  @Test
  void refuses_a_payment_without_a_key_with_400() throws Exception {
    String orderId = api.createOrder();
    long charges = api.count("admin/charges");

    HttpResponse<byte[]> refused = api.post(payPath(orderId), "{\"paymentMethod\": \"card\"}");

    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(object(refused).getString("code")).isEqualTo("IDEMPOTENCY_KEY_REQUIRED");
    assertThat(api.count("admin/charges")).isEqualTo(charges);
  }

  @Test
  void refuses_paying_a_paid_order_with_a_new_key_with_the_applications_409() throws Exception {
    String orderId = api.createOrder();
    api.pay(orderId, newKey());
    long charges = api.count("admin/charges");

    HttpResponse<byte[]> again = api.pay(orderId, newKey());

    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(again.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(object(again).getString("code")).isEqualTo("ORDER_ALREADY_PAID");
    assertThat(api.count("admin/charges")).isEqualTo(charges);
  }

  @Test
  void replays_the_applications_409_as_a_stored_answer() throws Exception {
    String orderId = api.createOrder();
    api.pay(orderId, newKey());
    String key = newKey();
    HttpResponse<byte[]> refused = api.pay(orderId, key);

    HttpResponse<byte[]> repeat = api.pay(orderId, key);

    assertThat(repeat.statusCode()).isEqualTo(409);
    assertThat(repeat.body()).isEqualTo(refused.body());
    assertThat(repeat.headers().firstValue("Idempotent-Replayed")).contains("true");
  }
}
