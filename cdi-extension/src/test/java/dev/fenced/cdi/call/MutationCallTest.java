package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.boot.IdempotentMethodReader;
import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.Idempotent;
import jakarta.json.bind.JsonbBuilder;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Mutation;
import org.eclipse.microprofile.graphql.Name;
import org.junit.jupiter.api.Test;

class MutationCallTest {

  @GraphQLApi
  public static class Shop {
    @Mutation
    @Idempotent
    public String pay(
        @Name("orderId") String orderId,
        @Name("amount") int amount,
        @Name("idempotencyKey") String key) {
      return orderId;
    }

    @Mutation
    @Idempotent(required = true)
    public String settle(@Name("orderId") String orderId) {
      return orderId;
    }

    @Mutation
    @Idempotent
    public String tip(@Name("orderId") String orderId) {
      return orderId;
    }
  }

  /** The field a request hands a mutation: a response key and the request's headers. */
  private record Field(String responseKey, Map<String, String> headers) implements MutationField {
    @Override
    public Optional<String> header(String name) {
      return Optional.ofNullable(headers.get(name));
    }

    @Override
    public Exception refusal(IdempotencyException refusal, Duration retryAfter) {
      return refusal;
    }

    @Override
    public FailureOutcomes failures() {
      return FailureOutcomes.NONE;
    }
  }

  private final ConfigLookup config = ConfigLookup.of(Map.of());
  private final FingerprintCalculator calculator = new FingerprintCalculator();
  private final CallFactory factory =
      new CallFactory(
          new ArgumentFingerprints(JsonbBuilder.create(), calculator),
          calculator,
          GlobalSettings.of(config),
          new CallScopes() {
            @Override
            public String forMethod(IdempotentMethod method) {
              return "alice";
            }

            @Override
            public String forCaller() {
              return "alice";
            }
          });

  private IdempotentMethod model(String name) {
    Method method =
        Arrays.stream(Shop.class.getMethods())
            .filter(m -> m.getName().equals(name))
            .findFirst()
            .orElseThrow();
    return new IdempotentMethodReader(config)
        .read(MethodAnnotations.of(Shop.class, method))
        .orElseThrow();
  }

  private GuardedCall pay(String responseKey, String key, int amount) {
    Field field = new Field(responseKey, Map.of());
    Object[] args = {"o-1", amount, key};
    IdempotentMethod method = model("pay");
    return factory.forMutation(
        method, args, factory.mutationKey(method.mutation(), args, field).orElseThrow(), field);
  }

  @Test
  void each_field_of_an_operation_has_its_own_record_in_the_callers_scope() {
    assertThat(pay("first", "k-1", 5).recordKey())
        .isEqualTo(RecordKey.field("alice", "k-1", Shop.class.getName(), "pay", "first"));
    assertThat(pay("second", "k-1", 5).recordKey())
        .isNotEqualTo(pay("first", "k-1", 5).recordKey());
  }

  @Test
  void events_name_a_mutation_by_its_operation_type_and_field() {
    assertThat(pay("pay", "k-1", 5).target()).isEqualTo("mutation pay");
  }

  @Test
  void the_fingerprint_counts_the_arguments_but_the_key() {
    assertThat(pay("pay", "k-1", 5).fingerprint()).isEqualTo(pay("pay", "k-2", 5).fingerprint());
    assertThat(pay("pay", "k-1", 5).fingerprint()).isNotEqualTo(pay("pay", "k-1", 6).fingerprint());
  }

  @Test
  void the_key_comes_from_the_header_when_no_argument_holds_it() {
    IdempotentMethod tip = model("tip");

    assertThat(
            factory.mutationKey(
                tip.mutation(),
                new Object[] {"o-1"},
                new Field("tip", Map.of("Idempotency-Key", "\"k-9\""))))
        .contains("k-9");
  }

  @Test
  void a_mutation_without_a_key_runs_unguarded_unless_one_is_required() {
    Field none = new Field("f", Map.of());

    assertThat(factory.mutationKey(model("tip").mutation(), new Object[] {"o-1"}, none)).isEmpty();
    assertThatThrownBy(
            () -> factory.mutationKey(model("settle").mutation(), new Object[] {"o-1"}, none))
        .isInstanceOf(IdempotencyException.class)
        .extracting(e -> ((IdempotencyException) e).code())
        .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
  }

  @Test
  void two_merged_header_keys_are_refused_as_invalid() {
    Field merged = new Field("f", Map.of("Idempotency-Key", "a, b"));

    assertThatThrownBy(
            () -> factory.mutationKey(model("tip").mutation(), new Object[] {"o-1"}, merged))
        .extracting(e -> ((IdempotencyException) e).code())
        .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_INVALID);
  }
}
