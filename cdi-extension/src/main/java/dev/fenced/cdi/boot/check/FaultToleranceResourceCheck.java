package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.cdi.jaxrs.WitnessedResource;
import dev.fenced.idempotency.Idempotent;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Warns of an {@code @Idempotent} JAX-RS resource method that answers asynchronously (a {@code
 * CompletionStage}, or an {@code AsyncResponse} parameter) and that MicroProfile Fault Tolerance
 * answers for with {@code @Fallback} or {@code @Timeout} (on the method or its class). The body of
 * such a method is not witnessed ({@link WitnessedResource}): its outcome is the response its
 * client got, so a fallback response below 500 is stored and replayed for the whole ttl, and a
 * time-out that fires after the work ran answers a 500 that releases the key, so a retry runs the
 * work again. Fault Tolerance is named by its annotations' class names.
 */
public final class FaultToleranceResourceCheck {

  private static final String FALLBACK = "org.eclipse.microprofile.faulttolerance.Fallback";
  private static final String TIMEOUT = "org.eclipse.microprofile.faulttolerance.Timeout";

  private FaultToleranceResourceCheck() {}

  /**
   * The warning for a method, if it deserves one.
   *
   * @param method the method's annotations
   * @return the WARNING's text, or empty
   */
  public static Optional<String> warning(MethodAnnotations method) {
    if (method.httpVerb().isEmpty()
        || WitnessedResource.witnessable(method.method())
        || (method.onMethod(Idempotent.class) == null
            && method.onClass(Idempotent.class) == null)) {
      return Optional.empty();
    }
    List<String> risks = new ArrayList<>();
    if (present(method, FALLBACK)) {
      risks.add(
          "@Fallback: a fallback response below 500 is stored and replayed for the whole ttl"
              + " instead of running the work again; answer the fallback with a 5xx (503), which"
              + " is not stored");
    }
    if (present(method, TIMEOUT)) {
      risks.add(
          "@Timeout: a time-out that fires after the work ran answers 500 and releases the key, so"
              + " a retry runs the work again; give the work a transaction the time-out rolls back,"
              + " or move @Timeout and @Idempotent onto a synchronous method (a resource method or"
              + " the bean method that does the work), whose outcome is kept when the time-out"
              + " fires after it");
    }
    if (risks.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        method.target()
            + ": an @Idempotent JAX-RS resource method that answers asynchronously stores the"
            + " response its client got. "
            + String.join("; ", risks));
  }

  private static boolean present(MethodAnnotations method, String name) {
    return Stream.of(method.ofMethod(), method.ofClass(), method.ofDeclaringClass())
        .flatMap(Set::stream)
        .map(Annotation::annotationType)
        .anyMatch(type -> type.getName().equals(name));
  }
}
