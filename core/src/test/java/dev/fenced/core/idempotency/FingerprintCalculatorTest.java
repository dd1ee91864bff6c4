package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FingerprintCalculatorTest {

  private static final String JSON = "application/json";

  private final FingerprintCalculator calculator = new FingerprintCalculator();

  @Test
  void is_64_lowercase_hex_characters() {
    assertThat(post("{}").value()).matches("[0-9a-f]{64}");
  }

  @Test
  void is_equal_for_equal_requests() {
    assertThat(post("{\"a\":1}")).isEqualTo(post("{\"a\":1}"));
  }

  @Test
  void is_equal_for_json_objects_with_members_in_another_order_at_any_depth() {
    assertThat(post("{\"b\":{\"y\":1,\"x\":[{\"q\":2,\"p\":3}]},\"a\":true}"))
        .isEqualTo(post("{\"a\":true,\"b\":{\"x\":[{\"p\":3,\"q\":2}],\"y\":1}}"));
  }

  @Test
  void ignores_json_whitespace_and_escapes_that_spell_the_same_text() {
    assertThat(post("{ \"name\" : \"caf\\u00e9\" }")).isEqualTo(post("{\"name\":\"café\"}"));
  }

  @Test
  void keeps_the_order_of_array_elements() {
    assertThat(post("[1,2]")).isNotEqualTo(post("[2,1]"));
  }

  @Test
  void differs_for_a_different_body() {
    assertThat(post("{\"amount\":10}")).isNotEqualTo(post("{\"amount\":11}"));
  }

  @Test
  void keeps_a_nul_character_in_a_json_string() {
    assertThat(post("{\"a\":\"x\\u0000y\"}")).isNotEqualTo(post("{\"a\":\"xy\"}"));
  }

  @Test
  void keeps_lone_surrogates_apart_from_a_question_mark() {
    assertThat(post("{\"a\":\"\\ud800\"}")).isNotEqualTo(post("{\"a\":\"?\"}"));
  }

  @Test
  void keeps_scopes_that_differ_only_by_a_lone_surrogate_apart() {
    assertThat(calculator.ofRequest("acme\uD800", "POST", "/x", JSON, bytes("{}")))
        .isNotEqualTo(calculator.ofRequest("acme?", "POST", "/x", JSON, bytes("{}")));
  }

  @Test
  void keeps_the_scale_of_a_number() {
    assertThat(post("{\"a\":1.0}")).isNotEqualTo(post("{\"a\":1}"));
  }

  @Test
  void reads_an_exponent_the_same_in_either_case() {
    assertThat(post("{\"a\":1e2}")).isEqualTo(post("{\"a\":1E2}"));
  }

  @Test
  void hashes_a_non_json_body_as_raw_bytes() {
    assertThat(request("text/plain", "{\"b\":1,\"a\":2}"))
        .isNotEqualTo(request("text/plain", "{\"a\":2,\"b\":1}"));
  }

  @Test
  void hashes_a_body_without_a_media_type_as_raw_bytes() {
    assertThat(request(null, "{\"b\":1,\"a\":2}")).isNotEqualTo(request(null, "{\"a\":2,\"b\":1}"));
  }

  @Test
  void keeps_a_nul_byte_in_a_raw_body() {
    byte[] withNul = {1, 0, 2};
    byte[] withoutNul = {1, 2};

    assertThat(calculator.ofRequest("", "POST", "/x", "application/octet-stream", withNul))
        .isNotEqualTo(
            calculator.ofRequest("", "POST", "/x", "application/octet-stream", withoutNul));
  }

  @Test
  void hashes_a_json_body_that_does_not_parse_as_raw_bytes() {
    assertThat(post("{\"a\":")).isEqualTo(post("{\"a\":")).isNotEqualTo(post("{\"a\": "));
  }

  @Test
  void hashes_json_followed_by_other_text_as_raw_bytes() {
    assertThat(post("{\"b\":1,\"a\":2} x")).isNotEqualTo(post("{\"a\":2,\"b\":1} x"));
  }

  @Test
  void hashes_json_with_a_repeated_member_as_raw_bytes() {
    assertThat(post("{\"a\":1,\"a\":2}")).isNotEqualTo(post("{\"a\":2}"));
  }

  @Test
  void hashes_json_nested_too_deep_as_raw_bytes() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);

    assertThat(post(deep)).isEqualTo(post(deep)).isNotEqualTo(post("[]"));
  }

  @Test
  void treats_an_empty_body_and_no_body_alike() {
    assertThat(calculator.ofRequest("", "POST", "/x", JSON, null))
        .isEqualTo(calculator.ofRequest("", "POST", "/x", JSON, new byte[0]));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/json",
        "Application/JSON; charset=UTF-8",
        "application/problem+json",
        "application/vnd.api+json ; v=1"
      })
  void reads_json_media_types_as_json(String mediaType) {
    assertThat(FingerprintCalculator.isJson(mediaType)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"text/plain", "application/jsonp", "+json", "application/json-seq", ""})
  void reads_other_media_types_as_raw(String mediaType) {
    assertThat(FingerprintCalculator.isJson(mediaType)).isFalse();
  }

  @Test
  void counts_the_scope() {
    assertThat(calculator.ofRequest("alice", "POST", "/x", JSON, bytes("{}")))
        .isNotEqualTo(calculator.ofRequest("bob", "POST", "/x", JSON, bytes("{}")));
  }

  @Test
  void counts_the_method() {
    assertThat(calculator.ofRequest("", "POST", "/x", JSON, bytes("{}")))
        .isNotEqualTo(calculator.ofRequest("", "PUT", "/x", JSON, bytes("{}")));
  }

  @Test
  void counts_the_path() {
    assertThat(calculator.ofRequest("", "POST", "/orders/1/pay", JSON, bytes("{}")))
        .isNotEqualTo(calculator.ofRequest("", "POST", "/orders/2/pay", JSON, bytes("{}")));
  }

  @Test
  void counts_the_query() {
    assertThat(calculator.ofRequest("", "POST", "/x?a=1", JSON, bytes("{}")))
        .isNotEqualTo(calculator.ofRequest("", "POST", "/x?a=2", JSON, bytes("{}")));
  }

  @Test
  void keeps_fields_apart_by_their_lengths() {
    assertThat(calculator.ofRequest("ab", "c", "/x", null, null))
        .isNotEqualTo(calculator.ofRequest("a", "bc", "/x", null, null));
  }

  @Test
  void a_customiser_drops_a_volatile_field() {
    FingerprintCalculator ignoring = FingerprintCalculator.ignoring(List.of("/requestedAt"));

    assertThat(post(ignoring, "/x", "{\"amount\":10,\"requestedAt\":\"2026-01-01T00:00:00Z\"}"))
        .isEqualTo(
            post(ignoring, "/x", "{\"amount\":10,\"requestedAt\":\"2026-01-02T09:30:00Z\"}"));
  }

  @Test
  void a_customiser_drops_a_nested_field() {
    FingerprintCalculator ignoring = FingerprintCalculator.ignoring(List.of("/meta/traceId"));

    assertThat(post(ignoring, "/x", "{\"meta\":{\"traceId\":\"a\",\"v\":1}}"))
        .isEqualTo(post(ignoring, "/x", "{\"meta\":{\"v\":1,\"traceId\":\"b\"}}"));
  }

  @Test
  void a_customiser_keeps_the_fields_it_does_not_name() {
    FingerprintCalculator ignoring = FingerprintCalculator.ignoring(List.of("/requestedAt"));

    assertThat(post(ignoring, "/x", "{\"amount\":10,\"requestedAt\":1}"))
        .isNotEqualTo(post(ignoring, "/x", "{\"amount\":11,\"requestedAt\":1}"));
  }

  @Test
  void a_customiser_skips_a_pointer_that_does_not_fit_the_body() {
    FingerprintCalculator ignoring = FingerprintCalculator.ignoring(List.of("/a/b"));

    assertThat(post(ignoring, "/x", "[1,2]")).isEqualTo(post(calculator, "/x", "[1,2]"));
  }

  @Test
  void the_path_still_counts_under_a_customiser() {
    FingerprintCalculator ignoring = FingerprintCalculator.ignoring(List.of("/requestedAt"));

    assertThat(post(ignoring, "/orders/1/pay", "{\"requestedAt\":1}"))
        .isNotEqualTo(post(ignoring, "/orders/2/pay", "{\"requestedAt\":2}"));
  }

  @Test
  void the_method_still_counts_under_a_customiser_that_drops_the_whole_body() {
    FingerprintCalculator dropAll = new FingerprintCalculator(body -> JsonValue.NULL);

    assertThat(dropAll.ofRequest("", "POST", "/x", JSON, bytes("{\"a\":1}")))
        .isEqualTo(dropAll.ofRequest("", "POST", "/x", JSON, bytes("{\"a\":2}")))
        .isNotEqualTo(dropAll.ofRequest("", "DELETE", "/x", JSON, bytes("{\"a\":1}")));
  }

  @Test
  void a_customiser_sees_only_json_bodies() {
    FingerprintCalculator dropAll =
        new FingerprintCalculator(body -> Json.createObjectBuilder().build());

    assertThat(dropAll.ofRequest("", "POST", "/x", "text/plain", bytes("1")))
        .isNotEqualTo(dropAll.ofRequest("", "POST", "/x", "text/plain", bytes("2")));
  }

  @Test
  void fingerprints_a_call_by_target_and_arguments() {
    assertThat(calculator.ofCall("com.example.Shipping.onPaid", bytes("{\"id\":1}")))
        .isEqualTo(calculator.ofCall("com.example.Shipping.onPaid", bytes("{\"id\":1}")))
        .isNotEqualTo(calculator.ofCall("com.example.Shipping.onPaid", bytes("{\"id\":2}")))
        .isNotEqualTo(calculator.ofCall("com.example.Invoicing.onPaid", bytes("{\"id\":1}")));
  }

  @Test
  void a_call_and_a_request_never_share_a_fingerprint() {
    assertThat(calculator.ofCall("POST", bytes("/x")))
        .isNotEqualTo(calculator.ofRequest("", "POST", "/x", null, null));
  }

  @Test
  void matches_an_equal_stored_fingerprint() {
    Fingerprint fingerprint = post("{}");

    assertThat(fingerprint.matches(new String(fingerprint.value()))).isTrue();
  }

  @Test
  void does_not_match_another_or_a_missing_fingerprint() {
    Fingerprint fingerprint = post("{}");

    assertThat(fingerprint.matches(post("[]").value())).isFalse();
    assertThat(fingerprint.matches(null)).isFalse();
  }

  @Test
  void with_a_body_part_only_the_part_the_application_picks_counts() {
    FingerprintCalculator parts =
        FingerprintCalculator.withBodyPart((type, body) -> withoutBoundary(body));

    Fingerprint first =
        parts.ofRequest(
            "alice", "POST", "/upload", "multipart/form-data; boundary=a1", bytes("a1|x"));
    Fingerprint resent =
        parts.ofRequest(
            "alice", "POST", "/upload", "multipart/form-data; boundary=b2", bytes("b2|x"));
    Fingerprint other =
        parts.ofRequest(
            "alice", "POST", "/upload", "multipart/form-data; boundary=c3", bytes("c3|y"));

    assertThat(first).isEqualTo(resent);
    assertThat(first).isNotEqualTo(other);
  }

  @Test
  void with_a_body_part_the_scope_method_and_path_still_count() {
    FingerprintCalculator parts = FingerprintCalculator.withBodyPart((type, body) -> new byte[0]);
    Fingerprint request = parts.ofRequest("alice", "POST", "/a", JSON, bytes("{}"));

    assertThat(parts.ofRequest("bob", "POST", "/a", JSON, bytes("{}"))).isNotEqualTo(request);
    assertThat(parts.ofRequest("alice", "PUT", "/a", JSON, bytes("{}"))).isNotEqualTo(request);
    assertThat(parts.ofRequest("alice", "POST", "/b", JSON, bytes("{}"))).isNotEqualTo(request);
  }

  @Test
  void a_body_part_is_given_a_copy_of_the_body() {
    byte[] body = bytes("{\"a\":1}");
    FingerprintCalculator parts =
        FingerprintCalculator.withBodyPart(
            (type, seen) -> {
              seen[0] = 'X';
              return seen;
            });

    parts.ofRequest("alice", "POST", "/a", JSON, body);

    assertThat(body).isEqualTo(bytes("{\"a\":1}"));
  }

  @Test
  void a_body_part_that_returns_null_fails_the_request_naming_itself() {
    FingerprintCalculator parts = FingerprintCalculator.withBodyPart((type, body) -> null);

    assertThatThrownBy(() -> parts.ofRequest("alice", "POST", "/a", JSON, bytes("{}")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("relevantPart returned null");
  }

  private static byte[] withoutBoundary(byte[] body) {
    String text = new String(body, StandardCharsets.UTF_8);
    return bytes(text.substring(text.indexOf('|') + 1));
  }

  private Fingerprint post(String body) {
    return post(calculator, "/orders/7/pay", body);
  }

  private static Fingerprint post(FingerprintCalculator calculator, String path, String body) {
    return calculator.ofRequest("alice", "POST", path, JSON, bytes(body));
  }

  private Fingerprint request(String mediaType, String body) {
    return calculator.ofRequest("alice", "POST", "/orders/7/pay", mediaType, bytes(body));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
