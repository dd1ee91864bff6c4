package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScopeCheckTest {

  @Test
  void the_principal_and_global_scopes_need_no_resolver() {
    assertThat(ScopeCheck.problem("com.example.Pay.pay", "", 0)).isEmpty();
    assertThat(ScopeCheck.problem("com.example.Pay.pay", "global", 0)).isEmpty();
    assertThat(ScopeCheck.problem("com.example.Pay.pay", "tenant", 1)).isEmpty();
  }

  @Test
  void a_missing_or_ambiguous_resolver_fails_naming_the_method_and_scope() {
    assertThat(ScopeCheck.problem("com.example.Pay.pay", "tenant", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p).contains("FENCED-D009: com.example.Pay.pay", "\"tenant\"", "@Named"));
    assertThat(ScopeCheck.problem("com.example.Pay.pay", "tenant", 2))
        .hasValueSatisfying(p -> assertThat(p).contains("FENCED-D010", "ambiguous"));
  }
}
