package dev.fenced.graphql;

import dev.fenced.ErrorCode;
import org.eclipse.microprofile.graphql.GraphQLException;

/**
 * A guarded mutation refused: a GraphQL error on its field, whose message starts with the error
 * code. It is a {@link GraphQLException}, so MicroProfile GraphQL shows the message to the client
 * (it hides the messages of unchecked exceptions) and the other fields of the operation run on.
 */
public final class GraphqlRefusal extends GraphQLException {

  private static final long serialVersionUID = 1L;

  private final transient ErrorCode code;

  /**
   * Creates a refusal.
   *
   * @param code why the mutation was refused
   * @param message what happened and what to do
   */
  public GraphqlRefusal(ErrorCode code, String message) {
    super(code.name() + ": " + message);
    this.code = code;
  }

  /**
   * Why the mutation was refused.
   *
   * @return the code
   */
  public ErrorCode code() {
    return code;
  }
}
