package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.Defaults;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.KeySource;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.junit.jupiter.api.Test;

class IdempotentMethodReaderTest {

  static class Payments {
    @POST
    @Idempotent
    public String pay() {
      return "";
    }

    @POST
    @Idempotent(ttl = "48h", lockTtl = "45s", required = true, replayHeaders = "X-Receipt")
    public String payTuned() {
      return "";
    }

    @POST
    @Idempotent(ttl = "12x")
    public String payBadTtl() {
      return "";
    }

    @POST
    @Idempotent(lockTtl = "0")
    public String payZeroLockTtl() {
      return "";
    }

    @POST
    @Idempotent(replayHeaders = {"ETag", "Set-Cookie"})
    public String payWithCookie() {
      return "";
    }

    @POST
    @Idempotent
    public String payWithKeyParameter(@IdempotencyKey String key) {
      return key;
    }
  }

  @Idempotent(ttl = "1h", storeIf = StoreIf.SUCCESS)
  static class Orders {
    @POST
    public String create() {
      return "";
    }

    @PUT
    @Idempotent(ttl = "2h")
    public String replace() {
      return "";
    }

    @DELETE
    public void cancel() {}

    @GET
    public String list() {
      return "";
    }
  }

  static class Uploads {
    @POST
    @Idempotent(ignoredFields = {"/requestedAt", "/meta/traceId"})
    public String withoutVolatileFields() {
      return "";
    }

    @POST
    @Idempotent(bodyFingerprint = "multipartParts")
    public String partsOnly() {
      return "";
    }

    @POST
    @Idempotent(ignoredFields = "requestedAt")
    public String notAPointer() {
      return "";
    }

    @POST
    @Idempotent(ignoredFields = "/requestedAt", bodyFingerprint = "multipartParts")
    public String both() {
      return "";
    }

    @Idempotent(ignoredFields = "/requestedAt")
    public void onMessage(@IdempotencyKey String key) {}
  }

  record OrderPaid(String eventId, Header header) {}

  record Header(String messageId) {}

  record Receipt(String id) {}

  static class Shipping {
    @Idempotent
    public Receipt onPaid(@IdempotencyKey("eventId") OrderPaid event) {
      return new Receipt(event.eventId());
    }

    @Idempotent(onConflict = OnConflict.WAIT, waitTimeout = "5s")
    public List<Receipt> onPaidNested(@IdempotencyKey("header.messageId") OrderPaid event) {
      return List.of();
    }

    @Idempotent
    public void withoutKey(OrderPaid event) {}

    @Idempotent
    public void twoKeys(@IdempotencyKey String a, @IdempotencyKey String b) {}

    @Idempotent
    public void badPath(@IdempotencyKey("orderId") OrderPaid event) {}

    @Idempotent
    public CompletionStage<String> async(@IdempotencyKey String key) {
      return null;
    }

    @Idempotent
    public CompletableFuture<Receipt> asyncFuture(@IdempotencyKey String key) {
      return null;
    }

    @Idempotent
    public Future<Receipt> future(@IdempotencyKey String key) {
      return null;
    }

    @Idempotent
    public CompletionStage<Object> asyncAnything(@IdempotencyKey String key) {
      return null;
    }

    @Idempotent
    public Object anything(@IdempotencyKey String key) {
      return null;
    }

    public void notGuarded(String key) {}
  }

  @Idempotent
  static class Handlers {
    public void handle(@IdempotencyKey String key) {}

    public void helper(String value) {}
  }

  /** Thrown after the payment provider charged the card; the retry must not charge again. */
  public static class ChargeCapturedException extends Exception {
    public ChargeCapturedException(String message) {
      super(message);
    }
  }

  /** Cannot be rebuilt by a replay: its one constructor takes a cause. */
  public static class WrappedOnlyException extends RuntimeException {
    public WrappedOnlyException(Throwable cause) {
      super(cause);
    }
  }

  static class Charges {
    @POST
    @Idempotent(
        storeStatuses = {502, 504},
        storeOn = ChargeCapturedException.class)
    public String charge() {
      return "";
    }

    @POST
    @Idempotent(retryAfter = "3s", replayHeaders = "Transfer-Encoding")
    public String chunked() {
      return "";
    }

    @POST
    @Idempotent(retryAfter = "3s")
    public String slow() {
      return "";
    }

    @Idempotent(storeOn = ChargeCapturedException.class)
    public String onEvent(@IdempotencyKey String key) throws ChargeCapturedException {
      return key;
    }

    @Idempotent(storeStatuses = 502)
    public String withStatuses(@IdempotencyKey String key) {
      return key;
    }

    @Idempotent(storeOn = WrappedOnlyException.class)
    public String notRebuildable(@IdempotencyKey String key) {
      return key;
    }

    @Idempotent(storeOn = ChargeCapturedException.class)
    @Retry
    public String retried(@IdempotencyKey String key) {
      return key;
    }
  }

  @Path("orders/{orderId}")
  static class OrderPayments {
    @POST
    @Path("pay")
    @Idempotent(keyFrom = "path:orderId")
    public String pay() {
      return "";
    }

    @POST
    @Path("capture")
    @Idempotent(keyFrom = "query:captureId")
    public String capture() {
      return "";
    }

    @POST
    @Path("refund")
    @Idempotent(keyFrom = "path:refundId")
    public String refund() {
      return "";
    }

    @POST
    @Path("amend")
    @Idempotent(keyFrom = "bean:orderKeys", required = true)
    public String amend() {
      return "";
    }

    @POST
    @Path("void")
    @Idempotent(keyFrom = "cookie:voidId")
    public String voidIt() {
      return "";
    }

    @POST
    @Path("settle")
    @Idempotent(keyFrom = "body:/settlementId")
    public String settle() {
      return "";
    }

    @POST
    @Path("settleWithoutPointer")
    @Idempotent(keyFrom = "body:settlementId")
    public String settleWithoutPointer() {
      return "";
    }

    @Idempotent(keyFrom = "query:eventId")
    public String onEvent(@IdempotencyKey String key) {
      return key;
    }
  }

  private static Optional<IdempotentMethod> read(
      Class<?> type, String name, Map<String, String> config) {
    Method method =
        List.of(type.getDeclaredMethods()).stream()
            .filter(m -> m.getName().equals(name))
            .findFirst()
            .orElseThrow();
    return new IdempotentMethodReader(ConfigLookup.of(config))
        .read(MethodAnnotations.of(type, method));
  }

  private static IdempotentMethod guarded(Class<?> type, String name, Map<String, String> config) {
    return read(type, name, config).orElseThrow();
  }

  private static IdempotentMethod guarded(Class<?> type, String name) {
    return guarded(type, name, Map.of());
  }

  @Test
  void takes_the_documented_defaults() {
    IdempotentMethod pay = guarded(Payments.class, "pay");

    assertThat(pay.kind()).isInstanceOf(IdempotentMethod.Http.class);
    assertThat(pay.ttl()).isEqualTo(Duration.ofHours(24));
    assertThat(pay.lockTtl()).isEqualTo(Duration.ofSeconds(60));
    assertThat(pay.http().required()).isFalse();
    assertThat(pay.scope()).isEmpty();
    assertThat(pay.storeIf()).isEqualTo(StoreIf.NOT_SERVER_ERROR);
    assertThat(pay.http().retryAfter()).isEqualTo(Duration.ofSeconds(1));
    assertThat(pay.http().keySource()).isEqualTo(KeySource.header("Idempotency-Key"));
    assertThat(pay.http().replayHeaders()).isEqualTo(Defaults.REPLAY_HEADERS);
    assertThat(pay.target()).isEqualTo(Payments.class.getName() + ".pay");
    IdempotentMethod handle = guarded(Handlers.class, "handle");
    assertThat(handle.call().onConflict()).isEqualTo(OnConflict.REJECT);
    assertThat(handle.call().waitTimeout()).isEqualTo(handle.lockTtl());
  }

  @Test
  void takes_the_annotation_members() {
    IdempotentMethod pay = guarded(Payments.class, "payTuned");

    assertThat(pay.ttl()).isEqualTo(Duration.ofHours(48));
    assertThat(pay.lockTtl()).isEqualTo(Duration.ofSeconds(45));
    assertThat(pay.http().required()).isTrue();
    assertThat(pay.http().replayHeaders()).contains("x-receipt", "location");
  }

  @Test
  void the_global_key_applies_when_the_annotation_leaves_a_member_empty() {
    IdempotentMethod pay =
        guarded(
            Payments.class,
            "pay",
            Map.of(
                "fenced.idempotency.ttl",
                "7d",
                "fenced.idempotency.lock-ttl",
                "90s",
                "fenced.idempotency.required",
                "true"));

    assertThat(pay.ttl()).isEqualTo(Duration.ofDays(7));
    assertThat(pay.lockTtl()).isEqualTo(Duration.ofSeconds(90));
    assertThat(pay.http().required()).isTrue();
  }

  @Test
  void the_annotation_wins_over_the_global_key() {
    IdempotentMethod pay =
        guarded(Payments.class, "payTuned", Map.of("fenced.idempotency.ttl", "7d"));

    assertThat(pay.ttl()).isEqualTo(Duration.ofHours(48));
  }

  @Test
  void config_keys_win_over_the_annotation_most_specific_first() {
    String type = Payments.class.getName();
    Map<String, String> all =
        Map.of(
            type + "/payTuned/Idempotent/ttl",
            "1m",
            type + "/Idempotent/ttl",
            "2m",
            "Idempotent/ttl",
            "3m");

    assertThat(guarded(Payments.class, "payTuned", all).ttl()).isEqualTo(Duration.ofMinutes(1));
    assertThat(
            guarded(
                    Payments.class,
                    "payTuned",
                    Map.of(type + "/Idempotent/ttl", "2m", "Idempotent/ttl", "3m"))
                .ttl())
        .isEqualTo(Duration.ofMinutes(2));
    assertThat(guarded(Payments.class, "payTuned", Map.of("Idempotent/ttl", "3m")).ttl())
        .isEqualTo(Duration.ofMinutes(3));
  }

  @Test
  void a_config_key_can_turn_required_off_again() {
    String key = Payments.class.getName() + "/payTuned/Idempotent/required";

    assertThat(guarded(Payments.class, "payTuned", Map.of(key, "false")).http().required())
        .isFalse();
  }

  @Test
  void an_unparsable_duration_fails_naming_the_method_the_option_and_the_value() {
    assertThatThrownBy(() -> read(Payments.class, "payBadTtl", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D001: " + Payments.class.getName() + ".payBadTtl")
        .hasMessageContaining("ttl")
        .hasMessageContaining("\"12x\"")
        .hasMessageContaining("@Idempotent(ttl)");
  }

  @Test
  void a_bad_duration_from_config_names_the_config_key() {
    String key = Payments.class.getName() + "/pay/Idempotent/lockTtl";

    assertThatThrownBy(() -> read(Payments.class, "pay", Map.of(key, "soon")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("config key " + key)
        .hasMessageContaining("\"soon\"");
  }

  @Test
  void a_ttl_longer_than_the_stores_keep_fails_naming_the_config_key_and_the_value() {
    String key = Payments.class.getName() + "/pay/Idempotent/ttl";

    assertThatThrownBy(() -> read(Payments.class, "pay", Map.of(key, "3651d")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("config key " + key)
        .hasMessageContaining("\"3651d\" is longer than the stores keep an expiry");
  }

  @Test
  void a_zero_lock_ttl_is_refused() {
    assertThatThrownBy(() -> read(Payments.class, "payZeroLockTtl", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("lockTtl")
        .hasMessageContaining("must be positive");
  }

  @Test
  void set_cookie_in_the_replay_headers_is_refused() {
    assertThatThrownBy(() -> read(Payments.class, "payWithCookie", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("Set-Cookie")
        .hasMessageContaining("FENCED-D008: " + Payments.class.getName() + ".payWithCookie");
  }

  @Test
  void set_cookie_in_the_global_replay_headers_is_refused() {
    assertThatThrownBy(
            () ->
                read(
                    Payments.class,
                    "pay",
                    Map.of("fenced.idempotency.replay-headers", "X-Trace, set-cookie")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("config key fenced.idempotency.replay-headers");
  }

  @Test
  void global_replay_headers_are_added_to_the_allowlist() {
    IdempotentMethod pay =
        guarded(Payments.class, "payTuned", Map.of("fenced.idempotency.replay-headers", "X-Trace"));

    assertThat(pay.http().replayHeaders()).contains("x-trace", "x-receipt", "etag");
  }

  @Test
  void a_resource_method_counts_the_whole_body_by_default() {
    IdempotentMethod pay = guarded(Payments.class, "pay");

    assertThat(pay.http().wholeBody()).isTrue();
    assertThat(pay.http().ignoredFields()).isEmpty();
    assertThat(pay.http().bodyFingerprint()).isEmpty();
  }

  @Test
  void ignored_fields_are_read_from_the_annotation() {
    IdempotentMethod upload = guarded(Uploads.class, "withoutVolatileFields");

    assertThat(upload.http().ignoredFields()).containsExactly("/requestedAt", "/meta/traceId");
    assertThat(upload.http().wholeBody()).isFalse();
  }

  @Test
  void global_ignored_fields_are_added_to_the_method_s_own() {
    IdempotentMethod upload =
        guarded(
            Uploads.class,
            "withoutVolatileFields",
            Map.of("fenced.idempotency.ignored-fields", "/sentAt, /requestedAt"));

    assertThat(upload.http().ignoredFields())
        .containsExactly("/requestedAt", "/meta/traceId", "/sentAt");
  }

  @Test
  void a_per_method_config_key_sets_the_ignored_fields() {
    IdempotentMethod pay =
        guarded(
            Payments.class,
            "pay",
            Map.of(Payments.class.getName() + "/pay/Idempotent/ignoredFields", "/nonce"));

    assertThat(pay.http().ignoredFields()).containsExactly("/nonce");
  }

  @Test
  void an_ignored_field_that_is_not_a_json_pointer_is_refused_naming_it() {
    assertThatThrownBy(() -> read(Uploads.class, "notAPointer", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D015: " + Uploads.class.getName() + ".notAPointer")
        .hasMessageContaining("\"requestedAt\"")
        .hasMessageContaining("/name");
  }

  @Test
  void the_body_fingerprint_bean_is_read_by_name() {
    IdempotentMethod upload = guarded(Uploads.class, "partsOnly");

    assertThat(upload.http().bodyFingerprint()).isEqualTo("multipartParts");
    assertThat(upload.http().wholeBody()).isFalse();
  }

  @Test
  void a_body_fingerprint_with_ignored_fields_is_refused() {
    assertThatThrownBy(() -> read(Uploads.class, "both", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D017: " + Uploads.class.getName() + ".both");
  }

  @Test
  void ignored_fields_on_a_method_with_a_key_parameter_apply_to_its_arguments() {
    assertThat(guarded(Uploads.class, "onMessage").call().ignoredFields())
        .containsExactly("/requestedAt");
  }

  @Test
  void a_per_method_config_key_sets_the_ignored_fields_of_a_call() {
    String key = Shipping.class.getName() + "/onPaid/Idempotent/ignoredFields";

    assertThat(guarded(Shipping.class, "onPaid", Map.of(key, "/sentAt")).call().ignoredFields())
        .containsExactly("/sentAt");
  }

  @Test
  void global_ignored_fields_leave_a_method_with_a_key_parameter_alone() {
    IdempotentMethod handler =
        guarded(Shipping.class, "onPaid", Map.of("fenced.idempotency.ignored-fields", "/sentAt"));

    assertThat(handler.call().ignoredFields()).isEmpty();
  }

  @Test
  void an_idempotency_key_parameter_on_a_resource_method_is_refused() {
    assertThatThrownBy(() -> read(Payments.class, "payWithKeyParameter", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("header");
  }

  @Test
  void an_invalid_enum_value_lists_the_valid_ones() {
    String key = Payments.class.getName() + "/pay/Idempotent/storeIf";

    assertThatThrownBy(() -> read(Payments.class, "pay", Map.of(key, "sometimes")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D002")
        .hasMessageContaining("NOT_SERVER_ERROR")
        .hasMessageContaining("\"sometimes\"");
  }

  @Test
  void a_class_annotation_covers_post_put_and_delete_but_not_get() {
    assertThat(read(Orders.class, "create", Map.of())).isPresent();
    assertThat(read(Orders.class, "replace", Map.of())).isPresent();
    assertThat(read(Orders.class, "cancel", Map.of())).isPresent();
    assertThat(read(Orders.class, "list", Map.of())).isEmpty();
  }

  @Test
  void method_members_override_class_members_one_by_one() {
    IdempotentMethod replace = guarded(Orders.class, "replace");

    assertThat(replace.ttl()).isEqualTo(Duration.ofHours(2));
    assertThat(replace.storeIf()).isEqualTo(StoreIf.SUCCESS);
    assertThat(guarded(Orders.class, "create").ttl()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void a_non_http_method_reads_its_key_parameter_and_path() {
    IdempotentMethod onPaid = guarded(Shipping.class, "onPaid");

    assertThat(onPaid.kind()).isInstanceOf(IdempotentMethod.Call.class);
    assertThat(onPaid.call().keyParameter()).isZero();
    assertThat(onPaid.call().keyPath()).hasToString("eventId");
    assertThat(onPaid.call().returnType()).isEqualTo(Receipt.class);
  }

  @Test
  void a_nested_key_path_and_the_wait_policy_are_read() {
    IdempotentMethod nested = guarded(Shipping.class, "onPaidNested");

    assertThat(nested.call().keyPath()).hasToString("header.messageId");
    assertThat(nested.call().onConflict()).isEqualTo(OnConflict.WAIT);
    assertThat(nested.call().waitTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void a_non_http_method_without_an_idempotency_key_is_refused() {
    assertThatThrownBy(() -> read(Shipping.class, "withoutKey", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("@IdempotencyKey")
        .hasMessageContaining("FENCED-D004: " + Shipping.class.getName() + ".withoutKey");
  }

  @Test
  void a_message_listener_without_a_key_parameter_takes_its_messages_default_key() {
    IdempotentMethod onMessage = guarded(PaymentListener.class, "onMessage");

    assertThat(onMessage.call().messageDefaultKey()).isTrue();
    assertThat(onMessage.call().keyParameter()).isZero();
    assertThat(onMessage.call().required()).isTrue();
  }

  @Test
  void a_message_listener_under_a_class_level_annotation_is_guarded_with_the_default_key() {
    IdempotentMethod onMessage = guarded(ClassLevelListener.class, "onMessage");

    assertThat(onMessage.call().messageDefaultKey()).isTrue();
    assertThat(onMessage.call().required()).isFalse();
  }

  @Test
  void a_message_listener_with_a_key_parameter_reads_that_parameter() {
    IdempotentMethod onMessage = guarded(KeyedListener.class, "onMessage");

    assertThat(onMessage.call().messageDefaultKey()).isFalse();
    assertThat(onMessage.call().keyPath()).hasToString("orderId");
  }

  @Test
  void an_on_message_method_of_a_class_that_is_no_listener_still_needs_a_key_parameter() {
    assertThatThrownBy(() -> read(NotAListener.class, "onMessage", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D004");
  }

  static class PaymentListener implements jakarta.jms.MessageListener {
    @Override
    @Idempotent(required = true)
    public void onMessage(jakarta.jms.Message message) {}
  }

  @Idempotent
  static class ClassLevelListener implements jakarta.jms.MessageListener {
    @Override
    public void onMessage(jakarta.jms.Message message) {}
  }

  static class KeyedListener implements jakarta.jms.MessageListener {
    @Override
    @Idempotent
    public void onMessage(@IdempotencyKey("orderId") jakarta.jms.Message message) {}
  }

  static class NotAListener {
    @Idempotent
    public void onMessage(jakarta.jms.Message message) {}
  }

  @Test
  void two_idempotency_key_parameters_are_refused() {
    assertThatThrownBy(() -> read(Shipping.class, "twoKeys", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D005")
        .hasMessageContaining("more than one");
  }

  @Test
  void a_key_path_the_parameter_type_does_not_have_is_refused() {
    assertThatThrownBy(() -> read(Shipping.class, "badPath", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D006")
        .hasMessageContaining("orderId")
        .hasMessageContaining(OrderPaid.class.getName());
  }

  @Test
  void a_completion_stage_stores_the_value_it_completes_with() {
    IdempotentMethod async = guarded(Shipping.class, "async");

    assertThat(async.call().staged()).isTrue();
    assertThat(async.call().returnType()).isEqualTo(String.class);
  }

  @Test
  void a_completable_future_stores_the_value_it_completes_with() {
    IdempotentMethod async = guarded(Shipping.class, "asyncFuture");

    assertThat(async.call().staged()).isTrue();
    assertThat(async.call().returnType()).isEqualTo(Receipt.class);
  }

  @Test
  void a_method_returning_a_value_is_not_staged() {
    assertThat(guarded(Shipping.class, "onPaid").call().staged()).isFalse();
  }

  @Test
  void a_future_return_type_is_refused_because_its_completion_cannot_be_observed() {
    assertThatThrownBy(() -> read(Shipping.class, "future", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D007")
        .hasMessageContaining("java.util.concurrent.Future cannot be stored")
        .hasMessageContaining("blocking a thread");
  }

  @Test
  void a_stage_of_a_value_that_cannot_be_stored_is_refused() {
    assertThatThrownBy(() -> read(Shipping.class, "asyncAnything", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D007")
        .hasMessageContaining("java.lang.Object");
  }

  @Test
  void an_object_return_type_is_refused() {
    assertThatThrownBy(() -> read(Shipping.class, "anything", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("java.lang.Object");
  }

  @Test
  void a_method_without_the_annotation_is_not_guarded() {
    assertThat(read(Shipping.class, "notGuarded", Map.of())).isEmpty();
  }

  @Test
  void a_class_annotation_on_a_plain_bean_covers_only_methods_with_a_key() {
    assertThat(read(Handlers.class, "handle", Map.of())).isPresent();
    assertThat(read(Handlers.class, "helper", Map.of())).isEmpty();
  }

  @Test
  void every_problem_of_a_method_is_reported_at_once() {
    String type = Payments.class.getName();
    Map<String, String> config =
        Map.of(type + "/pay/Idempotent/ttl", "x", type + "/pay/Idempotent/lockTtl", "y");

    assertThatThrownBy(() -> read(Payments.class, "pay", config))
        .isInstanceOfSatisfying(
            InvalidModelException.class, e -> assertThat(e.problems()).hasSize(2));
  }

  @Test
  void store_statuses_and_store_on_are_read_from_the_annotation() {
    IdempotentMethod charge = guarded(Charges.class, "charge");

    assertThat(charge.storeStatuses()).containsExactlyInAnyOrder(502, 504);
    assertThat(charge.storeOn()).containsExactly(ChargeCapturedException.class);
    assertThat(charge.storagePolicy().storesStatus(502)).isTrue();
    assertThat(charge.storagePolicy().storesStatus(500)).isFalse();
  }

  @Test
  void store_on_and_store_statuses_are_read_from_config_as_comma_separated_lists() {
    String type = Payments.class.getName();
    Map<String, String> config =
        Map.of(
            type + "/pay/Idempotent/storeStatuses",
            "500, 503",
            type + "/pay/Idempotent/storeOn",
            ChargeCapturedException.class.getName());

    IdempotentMethod pay = guarded(Payments.class, "pay", config);

    assertThat(pay.storeStatuses()).containsExactlyInAnyOrder(500, 503);
    assertThat(pay.storeOn()).containsExactly(ChargeCapturedException.class);
  }

  @Test
  void a_store_status_that_is_no_http_status_is_refused_naming_the_config_key() {
    String key = Payments.class.getName() + "/pay/Idempotent/storeStatuses";

    assertThatThrownBy(() -> read(Payments.class, "pay", Map.of(key, "502,5xx")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D002")
        .hasMessageContaining(key);
  }

  @Test
  void store_statuses_on_a_method_with_a_key_parameter_are_refused() {
    assertThatThrownBy(() -> read(Charges.class, "withStatuses", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D022")
        .hasMessageContaining("storeOn");
  }

  @Test
  void a_store_on_class_that_cannot_be_loaded_is_refused_naming_it() {
    String key = Payments.class.getName() + "/pay/Idempotent/storeOn";

    assertThatThrownBy(() -> read(Payments.class, "pay", Map.of(key, "com.example.Gone")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D002")
        .hasMessageContaining("com.example.Gone");
  }

  @Test
  void a_store_on_class_that_is_no_exception_is_refused() {
    String key = Payments.class.getName() + "/pay/Idempotent/storeOn";

    assertThatThrownBy(() -> read(Payments.class, "pay", Map.of(key, "java.lang.String")))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("java.lang.Exception");
  }

  @Test
  void a_store_on_class_a_replay_cannot_rebuild_is_refused() {
    assertThatThrownBy(() -> read(Charges.class, "notRebuildable", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D023")
        .hasMessageContaining(WrappedOnlyException.class.getName());
  }

  @Test
  void store_on_beside_fault_tolerance_is_refused() {
    assertThatThrownBy(() -> read(Charges.class, "retried", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D024")
        .hasMessageContaining("@Retry");
  }

  @Test
  void a_bean_method_reads_store_on() {
    assertThat(guarded(Charges.class, "onEvent").storeOn())
        .containsExactly(ChargeCapturedException.class);
  }

  @Test
  void retry_after_is_read_per_method() {
    assertThat(guarded(Charges.class, "slow").http().retryAfter()).isEqualTo(Duration.ofSeconds(3));
    assertThat(guarded(Payments.class, "pay").http().retryAfter()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void a_per_method_config_key_sets_retry_after() {
    String key = Payments.class.getName() + "/pay/Idempotent/retryAfter";

    assertThat(guarded(Payments.class, "pay", Map.of(key, "5s")).http().retryAfter())
        .isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void a_hop_by_hop_header_in_the_replay_headers_is_refused() {
    assertThatThrownBy(() -> read(Charges.class, "chunked", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D025")
        .hasMessageContaining("Transfer-Encoding");
  }

  @Test
  void key_from_a_path_parameter_of_the_methods_templates_is_read() {
    assertThat(guarded(OrderPayments.class, "pay").http().keySource())
        .isEqualTo(new KeySource(KeySource.Kind.PATH, "orderId"));
  }

  @Test
  void key_from_a_query_parameter_is_read_and_belongs_to_the_method() {
    KeySource source = guarded(OrderPayments.class, "capture").http().keySource();

    assertThat(source).isEqualTo(new KeySource(KeySource.Kind.QUERY, "captureId"));
    assertThat(source.belongsToMethod()).isTrue();
    assertThat(KeySource.header("Idempotency-Key").belongsToMethod()).isFalse();
  }

  @Test
  void a_per_method_config_key_sets_the_key_source() {
    String key = Payments.class.getName() + "/pay/Idempotent/keyFrom";

    assertThat(
            guarded(Payments.class, "pay", Map.of(key, "header:X-Request-Id")).http().keySource())
        .isEqualTo(KeySource.header("X-Request-Id"));
  }

  @Test
  void a_path_parameter_the_templates_do_not_have_is_refused_naming_the_templates() {
    assertThatThrownBy(() -> read(OrderPayments.class, "refund", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D026")
        .hasMessageContaining("{refundId}")
        .hasMessageContaining("orders/{orderId}");
  }

  @Test
  void a_key_source_of_another_kind_is_refused_naming_the_forms() {
    assertThatThrownBy(() -> read(OrderPayments.class, "voidIt", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D026")
        .hasMessageContaining(
            "header:<name>, query:<name>, path:<name>, body:<JSON pointer> or bean:<name>");
  }

  @Test
  void key_from_on_a_method_with_a_key_parameter_is_refused() {
    assertThatThrownBy(() -> read(OrderPayments.class, "onEvent", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D026")
        .hasMessageContaining("@IdempotencyKey");
  }

  @Test
  void key_from_a_resolver_bean_is_read_after_the_body_and_belongs_to_the_method() {
    IdempotentMethod.Http amend = guarded(OrderPayments.class, "amend").http();

    assertThat(amend.keySource()).isEqualTo(new KeySource(KeySource.Kind.BEAN, "orderKeys"));
    assertThat(amend.keySource().inBody()).isTrue();
    assertThat(amend.keySource().belongsToMethod()).isTrue();
    assertThat(amend.required()).isTrue();
  }

  @Test
  void key_from_a_body_field_is_read_as_a_json_pointer() {
    KeySource source = guarded(OrderPayments.class, "settle").http().keySource();

    assertThat(source).isEqualTo(new KeySource(KeySource.Kind.BODY, "/settlementId"));
    assertThat(source.inBody()).isTrue();
  }

  @Test
  void a_body_key_source_that_is_not_a_pointer_is_refused() {
    assertThatThrownBy(() -> read(OrderPayments.class, "settleWithoutPointer", Map.of()))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D026")
        .hasMessageContaining("body:/name");
  }
}
