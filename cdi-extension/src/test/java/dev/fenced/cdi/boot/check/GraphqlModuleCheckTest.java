package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.KeyPath;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class GraphqlModuleCheckTest {

  private static final IdempotentMethod PAY =
      new IdempotentMethod(
          "com.example.Shop",
          "pay",
          Duration.ofHours(24),
          Duration.ofMinutes(1),
          "",
          StoreIf.NOT_SERVER_ERROR,
          new IdempotentMethod.Mutation(
              "pay",
              -1,
              KeyPath.compile(String.class, ""),
              "Idempotency-Key",
              false,
              List.of(String.class),
              String.class,
              OnConflict.REJECT,
              Duration.ofMinutes(1),
              Duration.ofSeconds(1),
              false,
              List.of()));

  @Test
  void a_guarded_mutation_without_fenced_graphql_fails_naming_the_method_and_the_module() {
    assertThat(GraphqlModuleCheck.problems(List.of(PAY), false))
        .singleElement()
        .asString()
        .contains("FENCED-D021", "com.example.Shop.pay", "dev.fenced:fenced-graphql");
  }

  @Test
  void with_the_module_or_without_mutations_nothing_is_wrong() {
    assertThat(GraphqlModuleCheck.problems(List.of(PAY), true)).isEmpty();
    assertThat(GraphqlModuleCheck.problems(List.of(), false)).isEmpty();
  }
}
