package dev.fenced.graphql;

/** A variable an operation declares; {@code defaultValue} is null when it has none. */
record VariableDefinition(String name, Value defaultValue, SourceLocation location) {}
