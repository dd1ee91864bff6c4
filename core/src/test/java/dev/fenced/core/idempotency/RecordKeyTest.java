package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecordKeyTest {

  @Test
  void composes_scope_and_key_for_http() {
    assertThat(RecordKey.http("alice", "order-7").value()).isEqualTo("alice:order-7");
  }

  @Test
  void starts_the_global_scope_with_the_separator() {
    assertThat(RecordKey.http("", "order-7").value()).isEqualTo(":order-7");
  }

  @Test
  void a_key_with_a_colon_cannot_pose_as_another_scope() {
    RecordKey bobsOwn = RecordKey.http("alice:bob", "k");
    RecordKey alicesKey = RecordKey.http("alice", "bob:k");

    assertThat(alicesKey).isNotEqualTo(bobsOwn);
    assertThat(alicesKey.value()).isEqualTo("alice:bob%3Ak");
  }

  @Test
  void a_key_holding_an_encoded_colon_stays_apart_from_one_with_a_colon() {
    assertThat(RecordKey.http("s", "a%3Ab")).isNotEqualTo(RecordKey.http("s", "a:b"));
  }

  @Test
  void encodes_a_percent_sign() {
    assertThat(RecordKey.http("s", "100%").value()).isEqualTo("s:100%25");
  }

  @Test
  void encodes_spaces_and_non_ascii_scopes_as_utf8() {
    assertThat(RecordKey.http("Zoë Smith", "k").value()).isEqualTo("Zo%C3%AB%20Smith:k");
  }

  @Test
  void composes_key_and_target_for_a_method() {
    assertThat(RecordKey.method("evt-1", "com.example.Shipping", "onPaid").value())
        .isEqualTo("evt-1:com.example.Shipping.onPaid");
  }

  @Test
  void two_handlers_of_one_event_keep_their_own_records() {
    assertThat(RecordKey.method("evt-1", "com.example.Shipping", "onPaid"))
        .isNotEqualTo(RecordKey.method("evt-1", "com.example.Invoicing", "onPaid"));
  }

  @Test
  void a_method_key_with_a_colon_cannot_pose_as_another_target() {
    RecordKey forged = RecordKey.method("evt:com.example.A.m", "com.example.B", "m");

    assertThat(forged.value()).isEqualTo("evt%3Acom%2Eexample%2EA%2Em:com.example.B.m");
  }

  @Test
  void an_http_key_that_spells_a_handler_cannot_meet_that_handlers_record() {
    RecordKey fromHttp = RecordKey.http("evt-1", "com.example.Shipping.onPaid");
    RecordKey fromHandler = RecordKey.method("evt-1", "com.example.Shipping", "onPaid");

    assertThat(fromHttp).isNotEqualTo(fromHandler);
    assertThat(fromHttp.value()).isEqualTo("evt-1:com%2Eexample%2EShipping%2EonPaid");
  }

  @Test
  void a_dot_in_a_scope_is_encoded() {
    assertThat(RecordKey.http("a.b", "k").value()).isEqualTo("a%2Eb:k");
  }

  @Test
  void scopes_that_differ_only_by_a_lone_surrogate_keep_their_own_records() {
    assertThat(RecordKey.http("acme\uD800", "k")).isNotEqualTo(RecordKey.http("acme?", "k"));
    assertThat(RecordKey.http("acme\uD800", "k").value()).isEqualTo("acme%ED%A0%80:k");
  }

  @Test
  void well_formed_non_ascii_is_encoded_as_its_utf_8() {
    assertThat(RecordKey.http("caf\u00e9\uD83D\uDE00", "k").value())
        .isEqualTo("caf%C3%A9%F0%9F%98%80:k");
  }

  @Test
  void a_call_in_a_callers_scope_is_keyed_apart_from_the_global_scope() {
    RecordKey scoped = RecordKey.method("alice", "evt-1", "com.example.Shipping", "onPaid");

    assertThat(scoped.value()).isEqualTo("alice:evt-1:com.example.Shipping.onPaid");
    assertThat(RecordKey.method("", "evt-1", "com.example.Shipping", "onPaid"))
        .isEqualTo(RecordKey.method("evt-1", "com.example.Shipping", "onPaid"));
    assertThat(RecordKey.method("alice:evt-1", "com.example.Shipping", "onPaid"))
        .isNotEqualTo(scoped);
  }

  @Test
  void each_field_of_a_graphql_operation_keeps_its_own_record() {
    RecordKey first = RecordKey.field("alice", "k-1", "com.example.Shop", "pay", "first");
    RecordKey second = RecordKey.field("alice", "k-1", "com.example.Shop", "pay", "second");

    assertThat(first.value()).isEqualTo("alice:k-1:com.example.Shop.pay:first");
    assertThat(first).isNotEqualTo(second);
    assertThat(RecordKey.field("", "k-1", "com.example.Shop", "pay", "first").value())
        .isEqualTo("k-1:com.example.Shop.pay:first");
  }

  @Test
  void a_graphql_field_cannot_meet_a_bean_methods_record() {
    RecordKey field = RecordKey.field("", "k-1", "com.example.Shop", "pay", "x");

    assertThat(field).isNotEqualTo(RecordKey.method("k-1", "com.example.Shop", "pay"));
    assertThat(field).isNotEqualTo(RecordKey.method("k-1", "x", "com.example.Shop", "pay"));
    assertThat(RecordKey.field("", "k-1", "com.example.Shop", "pay", "a.b").value())
        .endsWith(":a%2Eb");
  }
}
