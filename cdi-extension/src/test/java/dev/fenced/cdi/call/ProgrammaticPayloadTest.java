package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyOptions;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The payload of a programmatic call ({@code IdempotencyOptions.withPayload}) in its fingerprint.
 */
class ProgrammaticPayloadTest {

  public record Meta(String traceId, String channel) {}

  public record Transfer(String account, long cents, String requestedAt, Meta meta) {}

  /** A class JSON-B cannot write: its getter throws. */
  public static class Unwritable {
    public String getValue() {
      throw new IllegalStateException("no value");
    }
  }

  private final ManualTime time = new ManualTime();
  private final FingerprintCalculator calculator = new FingerprintCalculator();
  private final CallFactory factory =
      new CallFactory(
          new ArgumentFingerprints(JsonbBuilder.create(), calculator),
          calculator,
          GlobalSettings.of(ConfigLookup.of(Map.of())),
          new CallScopes() {
            @Override
            public String forMethod(IdempotentMethod method) {
              return "";
            }

            @Override
            public String forCaller() {
              return "";
            }
          });
  private final CallRunner runner =
      new CallRunner(
          new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time),
          new OutcomeCodec(JsonbBuilder.create()),
          new ManualTransactions(),
          new NoEvents());

  private static Transfer transfer(long cents, String requestedAt, String traceId) {
    return new Transfer("acc-1", cents, requestedAt, new Meta(traceId, "web"));
  }

  private static IdempotencyOptions options(Object payload) {
    return IdempotencyOptions.defaults()
        .withResultType(String.class)
        .withPayload(payload)
        .withIgnoredFields("/requestedAt", "/meta/traceId");
  }

  @Test
  void the_same_payload_gives_the_same_fingerprint() {
    assertThat(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))).fingerprint())
        .isEqualTo(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))).fingerprint());
  }

  @Test
  void another_payload_gives_another_fingerprint() {
    assertThat(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))).fingerprint())
        .isNotEqualTo(
            factory.forProgrammatic("k-1", options(transfer(700, "t1", "a"))).fingerprint());
  }

  @Test
  void a_payload_differing_only_in_ignored_fields_gives_the_same_fingerprint() {
    assertThat(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))).fingerprint())
        .isEqualTo(factory.forProgrammatic("k-1", options(transfer(500, "t2", "b"))).fingerprint());
  }

  @Test
  void members_count_in_canonical_order_whatever_order_they_were_written_in() {
    Map<String, Object> ab = new LinkedHashMap<>();
    ab.put("a", 1);
    ab.put("b", List.of("x"));
    Map<String, Object> ba = new LinkedHashMap<>();
    ba.put("b", List.of("x"));
    ba.put("a", 1);

    assertThat(factory.forProgrammatic("k-1", options(ab)).fingerprint())
        .isEqualTo(factory.forProgrammatic("k-1", options(ba)).fingerprint());
  }

  @Test
  void without_a_payload_the_fingerprint_counts_the_result_type_as_before() {
    assertThat(
            factory
                .forProgrammatic("k-1", IdempotencyOptions.defaults().withResultType(String.class))
                .fingerprint())
        .isEqualTo(
            calculator.ofCall(
                CallFactory.PROGRAMMATIC_TARGET,
                String.class.getTypeName().getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void a_payload_and_no_payload_differ() {
    assertThat(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))).fingerprint())
        .isNotEqualTo(
            factory
                .forProgrammatic("k-1", IdempotencyOptions.defaults().withResultType(String.class))
                .fingerprint());
  }

  @Test
  void a_payload_json_b_cannot_write_is_refused_as_not_comparable() {
    assertThatThrownBy(() -> factory.forProgrammatic("k-1", options(new Unwritable())))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE);
              assertThat(e.getMessage())
                  .contains(Unwritable.class.getName())
                  .contains("withPayload");
            });
  }

  @Test
  void the_key_reused_with_another_payload_is_refused_as_reused() throws Exception {
    runner.run(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))), () -> "sent");

    assertThatThrownBy(
            () ->
                runner.run(
                    factory.forProgrammatic("k-1", options(transfer(700, "t1", "a"))),
                    () -> "sent again"))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED));
  }

  @Test
  void the_key_repeated_with_a_payload_differing_only_in_ignored_fields_is_replayed()
      throws Exception {
    runner.run(factory.forProgrammatic("k-1", options(transfer(500, "t1", "a"))), () -> "sent");

    Object repeat =
        runner.run(
            factory.forProgrammatic("k-1", options(transfer(500, "t9", "z"))), () -> "sent again");

    assertThat(repeat).isEqualTo("sent");
  }
}
