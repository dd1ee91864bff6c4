package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A hostile document is refused before it exhausts the stack or the time of the reader. */
class DocumentBoundsTest {

  private static List<RootField> fields(String document) {
    return OperationDocument.mutationFields(document, null, null, "Mutation");
  }

  /** A mutation whose selection sets nest {@code levels} deep, the operation's counted. */
  private static String selectionSetsNested(int levels) {
    return "mutation { borrow " + "{ a ".repeat(levels - 1) + "}".repeat(levels - 1) + " }";
  }

  @Test
  void selection_sets_nested_64_levels_deep_are_read() {
    assertThat(fields(selectionSetsNested(64))).containsExactly(new RootField("borrow", "borrow"));
  }

  @Test
  void selection_sets_nested_65_levels_deep_are_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(selectionSetsNested(65)))
        .withMessageContaining("The document nests deeper than 64 levels");
  }

  @Test
  void a_deeply_nested_list_argument_is_refused_before_it_exhausts_the_stack() {
    String document = "mutation { borrow(ids: " + "[".repeat(100_000) + "]".repeat(100_000) + ") }";

    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(document))
        .withMessage("1:87: The document nests deeper than 64 levels");
  }

  @Test
  void a_deeply_nested_input_object_in_a_default_value_is_refused() {
    String document =
        "mutation ($a: In = " + "{a: ".repeat(70) + "1" + "}".repeat(70) + ") { borrow }";

    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(document))
        .withMessageContaining("The document nests deeper than 64 levels");
  }

  @Test
  void a_deeply_nested_list_type_is_refused() {
    String document = "mutation ($a: " + "[".repeat(70) + "Int" + "]".repeat(70) + ") { borrow }";

    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(document))
        .withMessageContaining("The document nests deeper than 64 levels");
  }

  @Test
  void a_document_longer_than_a_million_chars_is_refused() {
    String document = "mutation { borrow }" + " ".repeat(1_000_000);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(document))
        .withMessage("The document is 1000019 chars long, more than 1000000");
  }

  @Test
  void a_document_of_a_million_chars_is_read() {
    String document = "mutation { borrow }";
    String padded = document + " ".repeat(1_000_000 - document.length());

    assertThat(fields(padded)).containsExactly(new RootField("borrow", "borrow"));
  }
}
