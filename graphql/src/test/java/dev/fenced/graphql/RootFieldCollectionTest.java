package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The root fields of a mutation, by CollectFields (spec 6.3.2) with the mutation type. */
class RootFieldCollectionTest {

  private static List<RootField> fields(String document) {
    return OperationDocument.mutationFields(document, null, null, "Mutation");
  }

  @Test
  void two_aliases_of_one_mutation_are_two_root_fields_in_document_order() {
    assertThat(fields("mutation { first: borrow(id: 1) { id } second: borrow(id: 2) { id } }"))
        .containsExactly(new RootField("first", "borrow"), new RootField("second", "borrow"));
  }

  @Test
  void a_field_without_alias_has_its_name_as_response_key() {
    assertThat(fields("mutation { borrow(id: 1) giveBack(id: 2) }"))
        .containsExactly(new RootField("borrow", "borrow"), new RootField("giveBack", "giveBack"));
  }

  @Test
  void fields_under_one_response_key_merge_at_the_first_position() {
    assertThat(fields("mutation { borrow { id } renew borrow { title } }"))
        .containsExactly(new RootField("borrow", "borrow"), new RootField("renew", "renew"));
  }

  @Test
  void an_alias_that_is_the_name_of_an_earlier_field_merges_with_it() {
    assertThat(fields("mutation { borrow renew borrow: borrow }"))
        .containsExactly(new RootField("borrow", "borrow"), new RootField("renew", "renew"));
  }

  @Test
  void two_different_fields_under_one_response_key_are_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields("mutation {\n  a: borrow\n  a: giveBack\n}"))
        .withMessage("3:3: Response key 'a' names field 'giveBack' here and field 'borrow' at 2:3");
  }

  @Test
  void typename_is_a_root_field_like_any_other() {
    assertThat(fields("mutation { __typename borrow }"))
        .containsExactly(
            new RootField("__typename", "__typename"), new RootField("borrow", "borrow"));
  }

  @Test
  void a_fragment_spread_adds_its_fields_in_place() {
    assertThat(
            fields(
                """
                mutation { borrow ...Returns renew }
                fragment Returns on Mutation { giveBack again: giveBack }
                """))
        .containsExactly(
            new RootField("borrow", "borrow"),
            new RootField("giveBack", "giveBack"),
            new RootField("again", "giveBack"),
            new RootField("renew", "renew"));
  }

  @Test
  void a_fragment_defined_before_the_operation_is_spread_too() {
    assertThat(fields("fragment F on Mutation { borrow }\nmutation { ...F }"))
        .containsExactly(new RootField("borrow", "borrow"));
  }

  @Test
  void a_fragment_on_another_type_adds_nothing() {
    assertThat(fields("mutation { ...OnQuery renew }\nfragment OnQuery on Query { borrow }"))
        .containsExactly(new RootField("renew", "renew"));
  }

  @Test
  void the_mutation_type_is_the_one_the_caller_names() {
    assertThat(
            OperationDocument.mutationFields(
                "mutation { ...F ... on Mutation { renew } }\nfragment F on RootMutation { borrow }",
                null,
                null,
                "RootMutation"))
        .containsExactly(new RootField("borrow", "borrow"));
  }

  @Test
  void an_inline_fragment_without_type_condition_adds_its_fields_in_place() {
    assertThat(fields("mutation { a: borrow ... { b: borrow } c: borrow }"))
        .extracting(RootField::responseKey)
        .containsExactly("a", "b", "c");
  }

  @Test
  void an_inline_fragment_on_the_mutation_type_adds_its_fields_and_one_on_another_type_does_not() {
    assertThat(fields("mutation { ... on Mutation { borrow } ... on Query { books } renew }"))
        .containsExactly(new RootField("borrow", "borrow"), new RootField("renew", "renew"));
  }

  @Test
  void fragments_nested_in_fragments_add_their_fields_in_depth_first_order() {
    assertThat(
            fields(
                """
                mutation { a: borrow ...Outer f: borrow }
                fragment Outer on Mutation { b: borrow ... on Mutation { c: borrow ...Inner } e: borrow }
                fragment Inner on Mutation { ... { d: borrow } }
                """))
        .extracting(RootField::responseKey)
        .containsExactly("a", "b", "c", "d", "e", "f");
  }

  @Test
  void a_fragment_spread_twice_is_collected_once() {
    assertThat(fields("mutation { ...F renew ...F }\nfragment F on Mutation { borrow }"))
        .containsExactly(new RootField("borrow", "borrow"), new RootField("renew", "renew"));
  }

  @Test
  void a_spread_of_an_undefined_fragment_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields("mutation {\n  borrow\n  ...Missing\n}"))
        .withMessage("3:3: Fragment 'Missing' is not defined");
  }

  @Test
  void a_fragment_defined_twice_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                fields(
                    "mutation { ...F }\nfragment F on Mutation { a }\nfragment F on Mutation { b }"))
        .withMessage("3:1: Fragment 'F' is defined twice, first at 2:1");
  }

  @Test
  void a_long_chain_of_fragments_is_refused_before_it_exhausts_the_stack() {
    StringBuilder document = new StringBuilder("mutation { ...F0 }\n");
    int chain = 10_000;
    for (int i = 0; i < chain; i++) {
      document
          .append("fragment F")
          .append(i)
          .append(" on Mutation { ...F")
          .append(i + 1)
          .append(" }\n");
    }
    document.append("fragment F").append(chain).append(" on Mutation { borrow }\n");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> fields(document.toString()))
        .withMessageContaining("Fragments nest deeper than 64 levels");
  }

  @Test
  void a_chain_of_64_fragments_is_read() {
    StringBuilder document = new StringBuilder("mutation { ...F1 }\n");
    for (int i = 1; i < 64; i++) {
      document
          .append("fragment F")
          .append(i)
          .append(" on Mutation { ...F")
          .append(i + 1)
          .append(" }\n");
    }
    document.append("fragment F64 on Mutation { borrow }\n");

    assertThat(fields(document.toString())).containsExactly(new RootField("borrow", "borrow"));
  }
}
