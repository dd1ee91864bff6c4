package dev.fenced.graphql;

import java.util.Objects;

/**
 * One root field of a mutation operation: its response key (the alias, or the field name when there
 * is no alias) and its field name. The response key is unique within one operation's root fields,
 * so it tells apart two executions of the same mutation field under different aliases.
 *
 * @param responseKey the key of the field's entry in the response's {@code data}
 * @param fieldName the name of the mutation field that runs
 */
public record RootField(String responseKey, String fieldName) {

  /**
   * Both names are required.
   *
   * @param responseKey the key of the field's entry in the response's {@code data}
   * @param fieldName the name of the mutation field that runs
   * @throws NullPointerException when a name is null
   */
  public RootField {
    Objects.requireNonNull(responseKey, "responseKey");
    Objects.requireNonNull(fieldName, "fieldName");
  }
}
