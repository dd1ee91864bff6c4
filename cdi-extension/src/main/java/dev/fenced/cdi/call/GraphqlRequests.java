package dev.fenced.cdi.call;

import java.util.Optional;

/**
 * The GraphQL requests that guarded mutations run in, as {@code fenced-graphql} reads them: a CDI
 * bean of that module implements it. An application that guards a mutation without the module fails
 * to deploy ({@code FENCED-D021}).
 */
public interface GraphqlRequests {

  /**
   * The next field named {@code fieldName} that the GraphQL request the current thread serves runs:
   * the field a mutation method is called for now. The root fields of a mutation operation run one
   * after another in the document's order, so the n-th call of a mutation method in a request is
   * its n-th field of that name.
   *
   * @param fieldName the mutation's name in the schema
   * @return the field, or empty when the thread serves no GraphQL request the module read, or the
   *     request runs no further field of that name
   */
  Optional<MutationField> nextField(String fieldName);
}
