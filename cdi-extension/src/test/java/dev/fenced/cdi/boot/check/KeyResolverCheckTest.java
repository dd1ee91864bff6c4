package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyResolverCheckTest {

  @Test
  void exactly_one_bean_of_the_name_is_fine() {
    assertThat(KeyResolverCheck.problem("com.example.Orders.pay", "orderKeys", 1)).isEmpty();
  }

  @Test
  void a_missing_bean_fails_naming_the_method_the_option_and_the_name() {
    assertThat(KeyResolverCheck.problem("com.example.Orders.pay", "orderKeys", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "FENCED-D026: com.example.Orders.pay",
                        "keyFrom \"bean:orderKeys\"",
                        "names 0 CDI beans implementing"
                            + " dev.fenced.idempotency.IdempotencyKeyResolver",
                        "@Named(\"orderKeys\")"));
  }

  @Test
  void several_beans_of_the_name_fail_the_same_way() {
    assertThat(KeyResolverCheck.problem("com.example.Orders.pay", "orderKeys", 2))
        .hasValueSatisfying(p -> assertThat(p).contains("FENCED-D026", "names 2"));
  }
}
