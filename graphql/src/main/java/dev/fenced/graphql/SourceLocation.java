package dev.fenced.graphql;

/** A place in a GraphQL document, both counted from 1, the column in UTF-16 chars. */
record SourceLocation(int line, int column) {

  /** The document is refused, for {@code problem} here: "line:column: problem". */
  IllegalArgumentException refusal(String problem) {
    return new IllegalArgumentException(this + ": " + problem);
  }

  @Override
  public String toString() {
    return line + ":" + column;
  }
}
