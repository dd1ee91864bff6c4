package dev.fenced.example.bookshelf;

import org.eclipse.microprofile.graphql.GraphQLException;

/**
 * A {@link BookshelfProblem} as a GraphQL error: its message is the problem's code, a colon and its
 * detail ({@code ORDER_ALREADY_PAID: Order 1 was paid at ...}), the form Fenced's own GraphQL
 * errors take. It is checked, so MicroProfile GraphQL shows its message, and Fenced stores it as
 * the mutation's outcome and replays it, as it stores the REST endpoint's 4xx.
 */
public class GraphqlProblem extends GraphQLException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the error; Fenced's replay calls it with the stored message.
   *
   * @param message the code, a colon and the detail
   */
  public GraphqlProblem(String message) {
    super(message);
  }

  /**
   * The GraphQL error of a problem.
   *
   * @param problem what the application refused
   * @return the error
   */
  public static GraphqlProblem of(BookshelfProblem problem) {
    return new GraphqlProblem(problem.code() + ": " + problem.getMessage());
  }
}
