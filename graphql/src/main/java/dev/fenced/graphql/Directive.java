package dev.fenced.graphql;

import java.util.Map;

/** A directive ({@code @name(arguments)}) of the document, by argument name (spec 2.12). */
record Directive(String name, Map<String, Value> arguments, SourceLocation location) {

  boolean isConditional() {
    return name.equals("skip") || name.equals("include");
  }
}
