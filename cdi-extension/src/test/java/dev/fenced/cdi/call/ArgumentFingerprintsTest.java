package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IgnoredFields;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.json.bind.JsonbBuilder;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentFingerprintsTest {

  public record OrderPaid(String eventId, long amount) {}

  /** Not writable: its getter throws. */
  public static class Exploding {
    public String getValue() {
      throw new IllegalStateException("boom");
    }
  }

  private static final String TARGET = "com.example.Shipping.onPaid";
  private static final Type[] EVENT = {OrderPaid.class};
  private static final Type[] MAP = {Map.class};

  private final ArgumentFingerprints fingerprints =
      new ArgumentFingerprints(JsonbBuilder.create(), new FingerprintCalculator());

  @Test
  void equal_arguments_give_equal_fingerprints_and_others_differ() {
    var first = fingerprints.of(TARGET, EVENT, new Object[] {new OrderPaid("e-1", 10)});

    assertThat(fingerprints.of(TARGET, EVENT, new Object[] {new OrderPaid("e-1", 10)}))
        .isEqualTo(first);
    assertThat(fingerprints.of(TARGET, EVENT, new Object[] {new OrderPaid("e-1", 11)}))
        .isNotEqualTo(first);
    assertThat(
            fingerprints.of(
                "com.example.Billing.onPaid", EVENT, new Object[] {new OrderPaid("e-1", 10)}))
        .isNotEqualTo(first);
  }

  public record Republished(String eventId, long amount, String publishedAt) {}

  @Test
  void an_ignored_field_of_an_argument_does_not_count_and_the_others_still_do() {
    Type[] types = {Republished.class};
    IgnoredFields ignored = IgnoredFields.of(List.of("/publishedAt"));
    var first =
        fingerprints.of(TARGET, types, new Object[] {new Republished("e-1", 10, "10:00")}, ignored);

    assertThat(
            fingerprints.of(
                TARGET, types, new Object[] {new Republished("e-1", 10, "10:05")}, ignored))
        .isEqualTo(first);
    assertThat(
            fingerprints.of(
                TARGET, types, new Object[] {new Republished("e-1", 11, "10:00")}, ignored))
        .isNotEqualTo(first);
  }

  @Test
  void without_ignored_fields_every_field_counts() {
    Type[] types = {Republished.class};

    assertThat(fingerprints.of(TARGET, types, new Object[] {new Republished("e-1", 10, "10:05")}))
        .isNotEqualTo(
            fingerprints.of(TARGET, types, new Object[] {new Republished("e-1", 10, "10:00")}));
  }

  @Test
  void the_order_a_map_was_built_in_does_not_count() {
    Map<String, Integer> ab = new LinkedHashMap<>();
    ab.put("a", 1);
    ab.put("b", 2);
    Map<String, Integer> ba = new LinkedHashMap<>();
    ba.put("b", 2);
    ba.put("a", 1);

    assertThat(fingerprints.of(TARGET, MAP, new Object[] {ab}))
        .isEqualTo(fingerprints.of(TARGET, MAP, new Object[] {ba}));
  }

  @Test
  void an_argument_json_b_cannot_write_refuses_the_call_instead_of_counting_the_target_alone() {
    Type[] types = {Exploding.class};

    assertThatThrownBy(() -> fingerprints.of(TARGET, types, new Object[] {new Exploding()}))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE);
              assertThat(e.getMessage()).contains("Argument 1 of " + TARGET, "Exploding");
            });
  }

  @Test
  void a_container_object_counts_only_as_its_type() {
    Type[] types = {String.class, jakarta.enterprise.inject.spi.EventMetadata.class};

    var withOne = fingerprints.of(TARGET, types, new Object[] {"e-1", new Object()});
    var withAnother = fingerprints.of(TARGET, types, new Object[] {"e-1", new Object()});

    assertThat(withOne).isEqualTo(withAnother);
  }
}
