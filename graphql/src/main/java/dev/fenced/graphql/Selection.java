package dev.fenced.graphql;

import java.util.List;

/**
 * One selection of a selection set (spec 2.4). A field keeps neither its arguments nor its own
 * selection set: below the root, nothing decides which mutation runs.
 */
sealed interface Selection {

  List<Directive> directives();

  SourceLocation location();

  record Field(String responseKey, String name, List<Directive> directives, SourceLocation location)
      implements Selection {}

  record FragmentSpread(String fragmentName, List<Directive> directives, SourceLocation location)
      implements Selection {}

  /** {@code typeCondition} is null when the fragment has none. */
  record InlineFragment(
      String typeCondition,
      List<Directive> directives,
      List<Selection> selections,
      SourceLocation location)
      implements Selection {}
}
