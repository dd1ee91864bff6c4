package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Mutation;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.Query;
import org.junit.jupiter.api.Test;

class GraphqlMutationReaderTest {

  public record Card(String number, String token) {}

  @GraphQLApi
  public static class Shop {
    @Mutation
    @Idempotent
    public String pay(@Name("orderId") String orderId, @Name("idempotencyKey") String key) {
      return orderId;
    }

    @Mutation("settle")
    @Idempotent(required = true)
    public String settleOrder(@Name("orderId") String orderId) {
      return orderId;
    }

    @Mutation
    @Idempotent
    public String charge(@IdempotencyKey("token") Card card) {
      return card.number();
    }

    @Mutation
    @Idempotent
    public String refund(@Name("idempotencyKey") long key) {
      return "refunded";
    }

    @Query
    @Idempotent
    public String order(@Name("orderId") String orderId) {
      return orderId;
    }
  }

  @GraphQLApi
  @Idempotent
  public static class Refunds {
    @Mutation
    public String refund(@Name("idempotencyKey") String key) {
      return key;
    }

    @Query
    public String refunds() {
      return "";
    }
  }

  private static Optional<IdempotentMethod> read(Class<?> type, String name) {
    Method method =
        Arrays.stream(type.getMethods())
            .filter(m -> m.getName().equals(name))
            .findFirst()
            .orElseThrow();
    return new IdempotentMethodReader(ConfigLookup.of(Map.of()))
        .read(MethodAnnotations.of(type, method));
  }

  @Test
  void a_mutation_takes_its_key_from_the_argument_named_idempotency_key() {
    IdempotentMethod.Mutation mutation = read(Shop.class, "pay").orElseThrow().mutation();

    assertThat(mutation.fieldName()).isEqualTo("pay");
    assertThat(mutation.keyIsArgument()).isTrue();
    assertThat(mutation.keyParameter()).isEqualTo(1);
  }

  @Test
  void a_mutation_without_a_key_argument_takes_it_from_the_header() {
    IdempotentMethod.Mutation mutation = read(Shop.class, "settleOrder").orElseThrow().mutation();

    assertThat(mutation.keyIsArgument()).isFalse();
    assertThat(mutation.header()).isEqualTo("Idempotency-Key");
    assertThat(mutation.required()).isTrue();
  }

  @Test
  void the_field_name_is_the_name_the_mutation_annotation_gives() {
    assertThat(read(Shop.class, "settleOrder").orElseThrow().mutation().fieldName())
        .isEqualTo("settle");
  }

  @Test
  void an_idempotency_key_parameter_may_point_into_an_input_object() {
    IdempotentMethod.Mutation mutation = read(Shop.class, "charge").orElseThrow().mutation();

    assertThat(mutation.keyParameter()).isZero();
    assertThat(mutation.keyPath().read(new Card("4242", "tok-1"))).isEqualTo("tok-1");
  }

  @Test
  void a_key_argument_that_is_not_a_string_fails_naming_the_method_and_its_type() {
    assertThatThrownBy(() -> read(Shop.class, "refund"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D020: " + Shop.class.getName() + ".refund")
        .hasMessageContaining("idempotencyKey")
        .hasMessageContaining("long");
  }

  @Test
  void an_idempotent_query_fails_naming_the_method() {
    assertThatThrownBy(() -> read(Shop.class, "order"))
        .isInstanceOf(InvalidModelException.class)
        .hasMessageContaining("FENCED-D019: " + Shop.class.getName() + ".order");
  }

  @Test
  void the_class_level_annotation_guards_the_mutations_and_passes_the_queries_by() {
    assertThat(read(Refunds.class, "refund")).isPresent();
    assertThat(read(Refunds.class, "refunds")).isEmpty();
  }
}
