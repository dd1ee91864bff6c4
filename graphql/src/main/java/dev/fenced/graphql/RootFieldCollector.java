package dev.fenced.graphql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CollectFields (spec 6.3.2) over an operation's selection set, for the root type: the fields in
 * execution order, one per response key. Without a schema, a type condition applies only when it
 * names the root type itself.
 */
final class RootFieldCollector {

  private final Map<String, Fragment> fragments;
  private final String rootType;
  private final ConditionalInclusion inclusion;
  private final Set<String> visitedFragments = new HashSet<>();
  private final Map<String, Selection.Field> fieldsByResponseKey = new LinkedHashMap<>();

  RootFieldCollector(
      Map<String, Fragment> fragments, String rootType, ConditionalInclusion inclusion) {
    this.fragments = fragments;
    this.rootType = rootType;
    this.inclusion = inclusion;
  }

  List<RootField> collect(List<Selection> selections) {
    collect(selections, 0);
    List<RootField> fields = new ArrayList<>(fieldsByResponseKey.size());
    fieldsByResponseKey.forEach((key, field) -> fields.add(new RootField(key, field.name())));
    return List.copyOf(fields);
  }

  /**
   * {@code depth} counts the fragments around {@code selections}: a chain of fragment spreads, each
   * fragment spreading the next, is bounded like the document's nesting.
   */
  private void collect(List<Selection> selections, int depth) {
    for (Selection selection : selections) {
      if (!inclusion.includes(selection.directives())) {
        continue;
      }
      if (selection instanceof Selection.Field field) {
        merge(field);
      } else if (selection instanceof Selection.FragmentSpread spread) {
        if (visitedFragments.add(spread.fragmentName())) {
          Fragment fragment = fragments.get(spread.fragmentName());
          if (fragment == null) {
            throw spread
                .location()
                .refusal("Fragment '" + spread.fragmentName() + "' is not defined");
          }
          if (applies(fragment.typeCondition())) {
            collect(fragment.selections(), deeper(depth, spread));
          }
        }
      } else if (selection instanceof Selection.InlineFragment inline) {
        if (inline.typeCondition() == null || applies(inline.typeCondition())) {
          collect(inline.selections(), deeper(depth, inline));
        }
      }
    }
  }

  /**
   * The first field of a response key decides its position; another field under the same key must
   * be the same field (spec 5.3.2), else the operation is invalid.
   */
  private void merge(Selection.Field field) {
    Selection.Field first = fieldsByResponseKey.putIfAbsent(field.responseKey(), field);
    if (first != null && !first.name().equals(field.name())) {
      throw field
          .location()
          .refusal(
              "Response key '"
                  + field.responseKey()
                  + "' names field '"
                  + field.name()
                  + "' here and field '"
                  + first.name()
                  + "' at "
                  + first.location());
    }
  }

  private boolean applies(String typeCondition) {
    return typeCondition.equals(rootType);
  }

  private static int deeper(int depth, Selection fragment) {
    if (depth + 1 > DocumentParser.MAX_DEPTH) {
      throw fragment
          .location()
          .refusal("Fragments nest deeper than " + DocumentParser.MAX_DEPTH + " levels");
    }
    return depth + 1;
  }
}
