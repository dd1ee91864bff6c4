package dev.fenced.graphql;

/** One lexical token of a GraphQL document (spec 2.1.6). */
record Token(Kind kind, String text, SourceLocation location) {

  enum Kind {
    PUNCTUATOR,
    NAME,
    INT,
    FLOAT,
    STRING,
    BLOCK_STRING,
    END
  }

  boolean is(String punctuator) {
    return kind == Kind.PUNCTUATOR && text.equals(punctuator);
  }

  boolean isName(String name) {
    return kind == Kind.NAME && text.equals(name);
  }

  /** How an error message names this token. */
  String describe() {
    return switch (kind) {
      case PUNCTUATOR -> "'" + text + "'";
      case NAME -> "name '" + text + "'";
      case INT, FLOAT -> "number " + text;
      case STRING -> "a string";
      case BLOCK_STRING -> "a block string";
      case END -> "the end of the document";
    };
  }
}
