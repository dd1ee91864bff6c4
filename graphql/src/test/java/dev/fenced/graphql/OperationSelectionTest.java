package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which operation of the document the request runs (spec 6.1, GetOperation). */
class OperationSelectionTest {

  private static final String SEVERAL =
      """
      query Books { books { title } }
      mutation Borrow { borrow(id: 1) { id } }
      mutation Return { giveBack(id: 1) { id } }
      subscription Returns { returned { id } }
      """;

  private static List<RootField> fields(String document, String operationName) {
    return OperationDocument.mutationFields(document, operationName, null, "Mutation");
  }

  @Test
  void the_query_shorthand_executes_no_mutation_field() {
    assertThat(fields("{ books { title } }", null)).isEmpty();
  }

  @Test
  void a_named_query_executes_no_mutation_field() {
    assertThat(fields("query Books { borrow(id: 1) }", null)).isEmpty();
  }

  @Test
  void a_subscription_executes_no_mutation_field() {
    assertThat(fields("subscription { returned { id } }", null)).isEmpty();
  }

  @Test
  void the_only_operation_is_selected_without_an_operation_name() {
    assertThat(fields("mutation { borrow(id: 1) { id } }", null))
        .containsExactly(new RootField("borrow", "borrow"));
  }

  @Test
  void the_operation_name_selects_the_mutation_among_several_operations() {
    assertThat(fields(SEVERAL, "Return")).containsExactly(new RootField("giveBack", "giveBack"));
  }

  @Test
  void the_operation_name_can_select_a_query_among_mutations() {
    assertThat(fields(SEVERAL, "Books")).isEmpty();
  }

  @Test
  void an_unknown_operation_name_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(SEVERAL, "Renew"))
        .withMessageContaining("no operation named 'Renew'");
  }

  @Test
  void several_operations_without_an_operation_name_are_ambiguous() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(SEVERAL, null))
        .withMessageContaining("4 operations")
        .withMessageContaining("operationName");
  }

  @Test
  void an_anonymous_operation_beside_another_operation_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields("{ books }\nmutation Borrow { borrow }", "Borrow"))
        .withMessage("1:1: An anonymous operation must be the only operation of the document");
  }

  @Test
  void an_operation_name_defined_twice_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields("mutation M { a }\nmutation M { b }", "M"))
        .withMessage("2:1: Operation 'M' is defined twice, first at 1:1");
  }

  @Test
  void a_document_of_fragments_only_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields("fragment F on Mutation { borrow }", null))
        .withMessageContaining("no operation");
  }
}
