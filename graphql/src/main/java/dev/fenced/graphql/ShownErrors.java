package dev.fenced.graphql;

import dev.fenced.cdi.call.FailureOutcomes;
import dev.fenced.cdi.call.StoredFailure;
import java.lang.reflect.Constructor;
import org.eclipse.microprofile.graphql.GraphQLException;

/**
 * The exceptions of a mutation that are its outcome: those MicroProfile GraphQL shows its client, a
 * checked exception (a {@link GraphQLException} among them), which an application throws on purpose
 * (a business error, what a 4xx is over REST). An unchecked exception is hidden from the client as
 * a server error and releases the key, as a 5xx does. A replay throws the stored class again with
 * the stored message, through its {@code (String)} constructor, or a {@code GraphQLException} with
 * the message when the class has none.
 */
final class ShownErrors implements FailureOutcomes {

  /** The one instance: it holds no state. */
  static final ShownErrors INSTANCE = new ShownErrors();

  private ShownErrors() {}

  @Override
  public boolean stores(Throwable thrown) {
    return thrown instanceof Exception && !(thrown instanceof RuntimeException);
  }

  @Override
  public Exception replay(StoredFailure failure) {
    try {
      Class<?> type =
          Class.forName(failure.type(), false, Thread.currentThread().getContextClassLoader());
      if (Exception.class.isAssignableFrom(type)
          && !RuntimeException.class.isAssignableFrom(type)) {
        Constructor<?> constructor = type.getConstructor(String.class);
        return (Exception) constructor.newInstance(failure.message());
      }
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      // the class is gone or cannot be made from a message: the client still gets the message
    }
    return new GraphQLException(failure.message());
  }
}
