package dev.fenced.graphql;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * Reads a GraphQL request (its document, operation name and variables) for one answer: which root
 * fields its mutation executes, in which order, under which response keys. No schema and no GraphQL
 * library: the document is read after the GraphQL specification (October 2021), sections 2
 * (Language), 6.1 (GetOperation) and 6.3.2 (CollectFields).
 *
 * <p>What it guarantees, for a document that a GraphQL service would execute: the same root fields
 * as that service collects, with these limits, none of which a mutation root type normally meets:
 *
 * <ul>
 *   <li>a fragment's type condition applies when it is absent or names the mutation type; one that
 *       names an interface the mutation type implements, or a union it belongs to, does not apply;
 *   <li>the document is otherwise not validated against a schema (section 5): unknown fields,
 *       arguments or types are not its business.
 * </ul>
 *
 * <p>It refuses, with an {@link IllegalArgumentException} whose message says what is wrong and
 * where (line:column): a document that is not a syntactically valid request document (type system
 * definitions included), longer than 1,000,000 chars or nested deeper than 64 levels (selection
 * sets, lists, input objects, list types, and fragments spread in one another); an operation that
 * cannot be selected; an operation defined twice, or anonymous beside others; a fragment defined
 * twice, or spread at the root without being defined; @skip or @include where they are not allowed,
 * or whose condition is not a Boolean (a literal, or a variable the operation defines, with a
 * Boolean value in the request or else as its default); and two root fields under one response key
 * that are not the same field. It never exhausts the stack, whatever the document.
 */
public final class OperationDocument {

  private OperationDocument() {}

  /**
   * The root fields the selected operation of {@code document} executes when it is a mutation, in
   * execution order, each response key once; empty when the selected operation is a query or a
   * subscription.
   *
   * @param document the GraphQL document (the request's "query")
   * @param operationName the request's "operationName", or null
   * @param variables the request's "variables", or null (only Boolean variables matter, for
   *     {@code @skip} and {@code @include})
   * @param mutationType the name of the schema's mutation root type, normally "Mutation"
   * @return the root fields, an unmodifiable list
   * @throws IllegalArgumentException when the document cannot be read, or no single operation is
   *     selected (naming why)
   */
  public static List<RootField> mutationFields(
      String document, String operationName, JsonObject variables, String mutationType) {
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(mutationType, "mutationType");
    ExecutableDocument parsed = DocumentParser.parse(document);
    Operation operation = parsed.operation(operationName);
    if (operation.type() != Operation.Type.MUTATION) {
      return List.of();
    }
    ConditionalInclusion inclusion = new ConditionalInclusion(operation.variables(), variables);
    return new RootFieldCollector(parsed.fragments(), mutationType, inclusion)
        .collect(operation.selections());
  }
}
