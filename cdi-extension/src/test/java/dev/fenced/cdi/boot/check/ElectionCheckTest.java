package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ElectionCheckTest {

  @Test
  void an_application_scoped_election_bean_passes() {
    assertThat(ElectionCheck.problem("com.example.Feed", "ApplicationScoped", true)).isEmpty();
  }

  @Test
  void another_scope_is_refused_naming_class_and_scope() {
    assertThat(ElectionCheck.problem("com.example.Feed", "Dependent", false))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains("FENCED-D013: com.example.Feed", "@Dependent", "@ApplicationScoped"));
  }
}
