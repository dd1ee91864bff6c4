package dev.fenced.graphql;

/**
 * An input value of the document (spec 2.9), as far as @skip and @include need it: a Boolean, a
 * variable, or any other value, whose content does not matter.
 */
sealed interface Value {

  SourceLocation location();

  record BooleanValue(boolean value, SourceLocation location) implements Value {}

  record Variable(String name, SourceLocation location) implements Value {}

  /** A number, string, null, enum value, list or input object. */
  record OtherValue(SourceLocation location) implements Value {}
}
