package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.json.bind.JsonbBuilder;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class OutcomeCodecTest {

  public record Receipt(String orderId, BigDecimal amount, List<String> items) {}

  /** Readable but not settable: JSON-B writes {@code id} and cannot read it back. */
  public static class ReadOnlyId {
    private final String id;

    public ReadOnlyId() {
      this("unset");
    }

    public ReadOnlyId(String id) {
      this.id = id;
    }

    public String getId() {
      return id;
    }
  }

  public static class Animal {
    public String name;
  }

  public static class Dog extends Animal {
    public String breed;
  }

  private static final Clock FIXED =
      Clock.fixed(Instant.parse("2026-03-01T10:15:30.123456Z"), ZoneOffset.UTC);

  private final OutcomeCodec codec = new OutcomeCodec(JsonbBuilder.create());

  @Test
  void a_record_round_trips_through_its_envelope() throws Exception {
    Receipt receipt = new Receipt("o-7", new BigDecimal("12.50"), List.of("b1", "b2"));

    byte[] payload = codec.encode(receipt, Receipt.class);

    assertThat(new String(payload, StandardCharsets.UTF_8))
        .startsWith("{\"v\":1,\"kind\":\"value\",\"value\":{");
    assertThat(codec.decode(payload, Receipt.class)).isEqualTo(receipt);
  }

  @Test
  void a_list_of_records_replays_with_its_generic_type() throws Exception {
    Type type = Holder.class.getMethod("receipts").getGenericReturnType();
    List<Receipt> receipts = List.of(new Receipt("o-1", BigDecimal.ONE, List.of()));

    Object replayed = codec.decode(codec.encode(receipts, type), type);

    assertThat(replayed).isEqualTo(receipts);
    assertThat(((List<?>) replayed).get(0)).isInstanceOf(Receipt.class);
  }

  @Test
  void a_map_replays_whatever_order_it_was_built_in() throws Exception {
    Type type = Holder.class.getMethod("totals").getGenericReturnType();
    Map<String, Integer> totals = new TreeMap<>(Map.of("b", 2, "a", 1, "c", 3));

    assertThat(codec.decode(codec.encode(totals, type), type)).isEqualTo(totals);
  }

  @Test
  void a_map_in_insertion_order_is_storable_too() throws Exception {
    Type type = Holder.class.getMethod("totals").getGenericReturnType();
    Map<String, Integer> totals = new LinkedHashMap<>();
    for (int i = 40; i > 0; i--) {
      totals.put("k" + i, i);
    }

    assertThat(codec.decode(codec.encode(totals, type), type)).isEqualTo(totals);
  }

  @Test
  void an_optional_replays_present_and_empty() throws Exception {
    Type type = Holder.class.getMethod("maybe").getGenericReturnType();

    assertThat(codec.decode(codec.encode(Optional.of("x"), type), type))
        .isEqualTo(Optional.of("x"));
    assertThat(codec.decode(codec.encode(Optional.empty(), type), type))
        .isEqualTo(Optional.empty());
  }

  @Test
  void void_stores_a_completion_marker_and_replays_null() {
    OutcomeCodec timed = new OutcomeCodec(JsonbBuilder.create(), FIXED);

    byte[] payload = timed.encode(null, void.class);

    assertThat(new String(payload, StandardCharsets.UTF_8))
        .isEqualTo("{\"v\":1,\"kind\":\"void\",\"at\":\"2026-03-01T10:15:30.123Z\"}");
    assertThat(codec.decode(payload, void.class)).isNull();
  }

  @Test
  void an_envelope_notes_when_its_outcome_was_encoded_by_the_codecs_clock() {
    OutcomeCodec timed = new OutcomeCodec(JsonbBuilder.create(), FIXED);

    OutcomeCodec.Decoded decoded =
        timed.decodeOutcome(timed.encode("x", String.class), String.class);

    assertThat(decoded.value()).isEqualTo("x");
    assertThat(decoded.producedAt()).contains(Instant.parse("2026-03-01T10:15:30.123Z"));
  }

  @Test
  void a_failure_envelope_notes_its_time_too() {
    OutcomeCodec timed = new OutcomeCodec(JsonbBuilder.create(), FIXED);

    OutcomeCodec.Decoded decoded =
        timed.decodeOutcome(timed.encodeFailure(new IllegalStateException("no")), String.class);

    assertThat(decoded.value()).isInstanceOf(StoredFailure.class);
    assertThat(decoded.producedAt()).contains(Instant.parse("2026-03-01T10:15:30.123Z"));
  }

  @Test
  void an_envelope_written_without_a_time_decodes_with_none() {
    byte[] old = "{\"v\":1,\"kind\":\"value\",\"value\":\"x\"}".getBytes(StandardCharsets.UTF_8);

    OutcomeCodec.Decoded decoded = codec.decodeOutcome(old, String.class);

    assertThat(decoded.value()).isEqualTo("x");
    assertThat(decoded.producedAt()).isEmpty();
  }

  @Test
  void an_unreadable_time_is_no_reason_to_fail_the_replay() {
    byte[] odd =
        "{\"v\":1,\"kind\":\"value\",\"value\":\"x\",\"at\":\"yesterday\"}"
            .getBytes(StandardCharsets.UTF_8);

    OutcomeCodec.Decoded decoded = codec.decodeOutcome(odd, String.class);

    assertThat(decoded.value()).isEqualTo("x");
    assertThat(decoded.producedAt()).isEmpty();
  }

  @Test
  void null_and_primitives_replay_as_they_were_returned() {
    assertThat(codec.decode(codec.encode(null, Receipt.class), Receipt.class)).isNull();
    assertThat(codec.decode(codec.encode(42, int.class), int.class)).isEqualTo(42);
    assertThat(codec.decode(codec.encode("a \"b\"", String.class), String.class))
        .isEqualTo("a \"b\"");
  }

  @Test
  void a_property_that_cannot_be_read_back_is_refused_naming_the_type() {
    assertThatThrownBy(() -> codec.encode(new ReadOnlyId("o-7"), ReadOnlyId.class))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE))
        .hasMessageContaining(ReadOnlyId.class.getName());
  }

  @Test
  void a_subclass_whose_fields_the_return_type_cannot_hold_is_refused() {
    Dog dog = new Dog();
    dog.name = "Rex";
    dog.breed = "collie";

    assertThatThrownBy(() -> codec.encode(dog, Animal.class))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE));
  }

  @Test
  void an_object_result_type_refuses_a_value_that_would_replay_as_another_class() {
    assertThatThrownBy(
            () -> codec.encode(new Receipt("o-7", BigDecimal.TEN, List.of()), Object.class))
        .isInstanceOf(IdempotencyException.class)
        .hasMessageContaining("withResultType");
    assertThatThrownBy(() -> codec.encode(7, Object.class))
        .isInstanceOf(IdempotencyException.class)
        .hasMessageContaining("java.math.BigDecimal");
  }

  @Test
  void an_object_result_type_stores_strings_lists_and_maps_as_their_own_class() {
    for (Object value :
        List.<Object>of("plain", new ArrayList<>(List.of("a")), new HashMap<>(Map.of("k", "v")))) {
      assertThat(codec.decode(codec.encode(value, Object.class), Object.class)).isEqualTo(value);
    }
  }

  @Test
  void a_payload_that_is_not_an_envelope_is_unreadable() {
    for (String payload : List.of("not json", "{\"v\":2,\"kind\":\"void\"}", "[1]", "{}")) {
      assertThatThrownBy(
              () -> codec.decode(payload.getBytes(StandardCharsets.UTF_8), Receipt.class))
          .isInstanceOfSatisfying(
              IdempotencyException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE));
    }
  }

  @Test
  void a_stored_value_that_does_not_fit_the_return_type_is_unreadable() {
    byte[] payload = codec.encode("text", String.class);

    assertThatThrownBy(() -> codec.decode(payload, Receipt.class))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE));
  }

  /** Declares the generic types the tests use. */
  public interface Holder {
    List<Receipt> receipts();

    Map<String, Integer> totals();

    Optional<String> maybe();
  }
}
