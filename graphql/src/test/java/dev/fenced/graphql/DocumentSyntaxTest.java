package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading the document (spec 2, Language): what it skips correctly, and what it refuses. */
class DocumentSyntaxTest {

  private static List<String> responseKeys(String document) {
    return OperationDocument.mutationFields(document, null, null, "Mutation").stream()
        .map(RootField::responseKey)
        .toList();
  }

  @Test
  void braces_and_hashes_inside_strings_do_not_end_the_selection_set() {
    assertThat(
            responseKeys(
                "mutation { a: note(text: \"} { # \\\" }\") b: note(text: \"\\\\\") c: note }"))
        .containsExactly("a", "b", "c");
  }

  @Test
  void a_block_string_with_braces_quotes_and_line_breaks_is_skipped() {
    assertThat(
            responseKeys(
                "mutation {\n a: note(text: \"\"\"\n } \" \"\" \\\"\"\" {\r\n # \"\"\") b: note }"))
        .containsExactly("a", "b");
  }

  @Test
  void comments_with_braces_are_ignored_to_the_end_of_the_line() {
    assertThat(
            responseKeys(
                """
                # mutation { hidden }
                mutation { # }
                  a: borrow # b: borrow }
                  c: borrow
                }
                """))
        .containsExactly("a", "c");
  }

  @Test
  void unicode_escapes_and_non_ascii_characters_in_strings_are_skipped() {
    assertThat(
            responseKeys(
                "mutation { a: note(text: \"\\u00e9 \\u{1F600} \\uD83D\\uDE00 é 😀\") b: note }"))
        .containsExactly("a", "b");
  }

  @Test
  void arguments_with_nested_lists_objects_variables_and_enums_are_skipped() {
    assertThat(
            responseKeys(
                """
                mutation ($id: ID!, $tags: [[String!]!] = [["a"]] @meta(x: {y: [1]})) {
                  a: borrow(input: {id: $id, copies: [1, -2, 3.5e-2, {nested: [[]]}], kind: PAPER,
                                    note: null, on: true, tags: $tags}) { id nested(x: {}) { y } }
                  b: borrow(input: {})
                }
                """))
        .containsExactly("a", "b");
  }

  @Test
  void commas_tabs_line_terminators_and_the_byte_order_mark_are_ignored() {
    assertThat(responseKeys("\uFEFFmutation\t{,a: borrow,,\r\nb: borrow\rc: borrow,}"))
        .containsExactly("a", "b", "c");
  }

  @Test
  void a_line_break_in_a_string_is_refused_where_it_is() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation {\n  a: note(text: \"} }\n"))
        .withMessage("2:21: Line break in a string (started at 2:17)");
  }

  @Test
  void an_unterminated_block_string_is_refused_where_it_starts() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { a: note(text: \"\"\" }) }"))
        .withMessage("1:26: Unterminated block string");
  }

  @Test
  void an_invalid_escape_sequence_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { a: note(text: \"\\x\") }"))
        .withMessage("1:27: Invalid escape sequence, 'x' after '\\'");
  }

  @Test
  void a_unicode_escape_beyond_the_unicode_range_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { a: note(text: \"\\u{110000}\") }"))
        .withMessageContaining("not a Unicode scalar value");
  }

  @Test
  void a_missing_closing_brace_is_a_syntax_error_at_the_end() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation {\n  borrow(id: 1) { id }\n"))
        .withMessage("3:1: Expected a field or '...', found the end of the document");
  }

  @Test
  void an_empty_selection_set_is_a_syntax_error() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { }"))
        .withMessage("1:12: Expected a field or '...', found '}'");
  }

  @Test
  void a_malformed_number_is_a_syntax_error() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { borrow(id: 01) }"))
        .withMessage("1:24: Unexpected character '1' after the number '0'");
  }

  @Test
  void an_unexpected_character_is_a_syntax_error() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { borrow; }"))
        .withMessage("1:18: Unexpected character ';'");
  }

  @Test
  void an_empty_document_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("  # nothing\n"))
        .withMessage("2:1: The document holds no operation");
  }

  @Test
  void a_type_system_definition_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation { borrow }\ntype Mutation { borrow: ID }"))
        .withMessage(
            "2:1: Expected an operation or a fragment, found name 'type'"
                + " (a request document holds no type system definitions)");
  }

  @Test
  void a_described_type_system_definition_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("\"\"\"Books\"\"\" type Query { books: [String] }"))
        .withMessageContaining("found a description");
  }

  @Test
  void a_variable_in_a_default_value_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> responseKeys("mutation ($a: Int = $b) { borrow }"))
        .withMessage("1:21: A variable is not allowed in a constant value");
  }
}
