package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Root fields left out by @skip and @include (spec 3.13.2, 3.13.3), literal or variable. */
class ConditionalInclusionTest {

  private static List<String> responseKeys(String document, JsonObject variables) {
    return OperationDocument.mutationFields(document, null, variables, "Mutation").stream()
        .map(RootField::responseKey)
        .toList();
  }

  private static JsonObject variable(String name, boolean value) {
    return Json.createObjectBuilder().add(name, value).build();
  }

  @Test
  void skip_if_true_leaves_the_field_out_and_skip_if_false_keeps_it() {
    assertThat(
            responseKeys("mutation { a: borrow @skip(if: true) b: borrow @skip(if: false) }", null))
        .containsExactly("b");
  }

  @Test
  void include_if_false_leaves_the_field_out_and_include_if_true_keeps_it() {
    assertThat(
            responseKeys(
                "mutation { a: borrow @include(if: false) b: borrow @include(if: true) }", null))
        .containsExactly("b");
  }

  @Test
  void a_field_with_both_directives_runs_only_when_not_skipped_and_included() {
    assertThat(
            responseKeys(
                """
                mutation {
                  a: borrow @skip(if: false) @include(if: true)
                  b: borrow @skip(if: true) @include(if: true)
                  c: borrow @skip(if: false) @include(if: false)
                }
                """,
                null))
        .containsExactly("a");
  }

  @Test
  void the_condition_can_be_a_variable_of_the_request() {
    String document = "mutation ($skipIt: Boolean!) { a: borrow @skip(if: $skipIt) b: borrow }";

    assertThat(responseKeys(document, variable("skipIt", true))).containsExactly("b");
    assertThat(responseKeys(document, variable("skipIt", false))).containsExactly("a", "b");
  }

  @Test
  void a_variable_absent_from_the_request_takes_its_default() {
    String document =
        "mutation ($withA: Boolean = false) { a: borrow @include(if: $withA) b: borrow }";

    assertThat(responseKeys(document, null)).containsExactly("b");
    assertThat(responseKeys(document, Json.createObjectBuilder().build())).containsExactly("b");
    assertThat(responseKeys(document, variable("withA", true))).containsExactly("a", "b");
  }

  @Test
  void a_skipped_field_does_not_take_the_position_of_its_response_key() {
    assertThat(responseKeys("mutation { a: borrow @skip(if: true) b: renew a: borrow }", null))
        .containsExactly("b", "a");
  }

  @Test
  void a_skipped_fragment_spread_adds_nothing_and_a_later_spread_of_it_still_does() {
    assertThat(
            responseKeys(
                "mutation { ...F @skip(if: true) b: renew ...F }\nfragment F on Mutation { a: borrow }",
                null))
        .containsExactly("b", "a");
  }

  @Test
  void an_inline_fragment_not_included_adds_nothing() {
    assertThat(
            responseKeys(
                "mutation ($on: Boolean!) { ... @include(if: $on) { a: borrow } b: renew }",
                variable("on", false)))
        .containsExactly("b");
  }

  @Test
  void a_directive_condition_inside_a_fragment_uses_the_variables_of_the_operation() {
    assertThat(
            responseKeys(
                "mutation ($off: Boolean!) { ...F }\nfragment F on Mutation { a: borrow @skip(if: $off) b: renew }",
                variable("off", true)))
        .containsExactly("b");
  }

  @Test
  void other_directives_leave_the_field_in() {
    assertThat(responseKeys("mutation { a: borrow @deprecated(reason: \"x\") @audit }", null))
        .containsExactly("a");
  }

  @Test
  void a_variable_absent_without_default_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> responseKeys("mutation ($skipIt: Boolean!) { borrow @skip(if: $skipIt) }", null))
        .withMessage("1:49: Variable $skipIt of @skip has no value in the request and no default");
  }

  @Test
  void a_variable_that_is_not_a_boolean_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                responseKeys(
                    "mutation ($skipIt: Boolean!) { borrow @skip(if: $skipIt) }",
                    Json.createObjectBuilder().add("skipIt", "yes").build()))
        .withMessage("1:49: Variable $skipIt of @skip is STRING in the request, not a Boolean");
  }

  @Test
  void a_variable_that_is_null_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                responseKeys(
                    "mutation ($on: Boolean = true) { borrow @include(if: $on) }",
                    Json.createObjectBuilder().addNull("on").build()))
        .withMessageContaining("Variable $on of @include is NULL in the request, not a Boolean");
  }

  @Test
  void a_variable_the_operation_does_not_define_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> responseKeys("mutation { borrow @skip(if: $skipIt) }", variable("skipIt", true)))
        .withMessage("1:29: Variable $skipIt is not defined by the operation");
  }

  @Test
  void a_condition_that_is_not_a_boolean_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { borrow @include(if: \"true\") }", null))
        .withMessage("1:32: The 'if' argument of @include is not a Boolean");
  }

  @Test
  void a_condition_without_its_if_argument_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { borrow @skip }", null))
        .withMessage("1:19: @skip without its 'if' argument");
  }

  @Test
  void a_condition_on_the_operation_itself_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation M @skip(if: true) { borrow }", null))
        .withMessage("1:12: @skip is not allowed on an operation");
  }
}
