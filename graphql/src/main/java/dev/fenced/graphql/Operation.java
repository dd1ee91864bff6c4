package dev.fenced.graphql;

import java.util.List;
import java.util.Map;

/**
 * An operation definition of the document (spec 2.3); {@code name} is null for an anonymous
 * operation, and the query shorthand is an anonymous query.
 */
record Operation(
    Type type,
    String name,
    Map<String, VariableDefinition> variables,
    List<Selection> selections,
    SourceLocation location) {

  enum Type {
    QUERY,
    MUTATION,
    SUBSCRIPTION
  }
}
