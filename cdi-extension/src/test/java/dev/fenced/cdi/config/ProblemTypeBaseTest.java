package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.ErrorCode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProblemTypeBaseTest {

  @Test
  void unset_it_is_the_page_of_problem_types_in_fenceds_repository() {
    ConfigLookup config = ConfigLookup.of(Map.of());

    assertThat(ProblemTypeBase.of(config)).isEqualTo(ProblemTypeBase.DEFAULT);
    assertThat(ProblemTypeBase.DEFAULT.typeOf(ErrorCode.IDEMPOTENCY_KEY_IN_USE))
        .isEqualTo(
            "https://github.com/fenced-dev/fenced/blob/main/docs/problems.md"
                + "#idempotency-key-in-use");
    assertThat(ProblemTypeBase.problems(config)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://docs.example.com/problems#",
        "https://docs.example.com/errors/",
        "urn:x:"
      })
  void an_absolute_uri_is_the_start_of_every_type(String uri) {
    ConfigLookup config = ConfigLookup.of(Map.of(ProblemTypeBase.KEY, " " + uri + " "));

    assertThat(ProblemTypeBase.of(config).typeOf(ErrorCode.IDEMPOTENCY_KEY_REUSED))
        .isEqualTo(uri + "idempotency-key-reused");
    assertThat(ProblemTypeBase.problems(config)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "/problems#", "docs.example.com/problems", "https://a b/"})
  void anything_else_fails_the_deployment_naming_the_key_and_the_value(String value) {
    ConfigLookup config = ConfigLookup.of(Map.of(ProblemTypeBase.KEY, value));

    assertThat(ProblemTypeBase.problems(config))
        .singleElement()
        .asString()
        .startsWith(
            "FENCED-D103: " + ProblemTypeBase.KEY + "=" + value + " is not an absolute URI");
    assertThat(ProblemTypeBase.of(config)).isEqualTo(ProblemTypeBase.DEFAULT);
  }

  @Test
  void a_relative_uri_is_refused_naming_the_key() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new ProblemTypeBase("problems#"))
        .withMessageStartingWith(ProblemTypeBase.KEY);
  }
}
