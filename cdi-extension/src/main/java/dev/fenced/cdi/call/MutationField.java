package dev.fenced.cdi.call;

import dev.fenced.idempotency.IdempotencyException;
import java.time.Duration;
import java.util.Optional;

/** One root field of a GraphQL mutation operation that a guarded mutation method runs for. */
public interface MutationField {

  /**
   * The field's response key: its alias, or its name. Each field of an operation keeps its own
   * record under it.
   *
   * @return the response key
   */
  String responseKey();

  /**
   * A header of the HTTP request that carried the operation.
   *
   * @param name the header's name, any case
   * @return its first value, or empty
   */
  Optional<String> header(String name);

  /**
   * The GraphQL error on this field that carries a refusal: its message starts with the error code,
   * and the response's error for the field gets {@code code}, {@code httpStatus} and, for a key in
   * use, {@code retryAfter} in its {@code extensions}.
   *
   * @param refusal why the call was refused, or its outcome could not be stored
   * @param retryAfter when a retry may succeed, for a key in use
   * @return the exception the mutation method throws
   */
  Exception refusal(IdempotencyException refusal, Duration retryAfter);

  /**
   * Which exceptions of a mutation are its outcome: what MicroProfile GraphQL shows its client (a
   * checked exception, a {@code GraphQLException}) is stored and replayed; an unexpected exception
   * releases the key.
   *
   * @return the outcomes
   */
  FailureOutcomes failures();
}
