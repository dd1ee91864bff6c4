package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.idempotency.Idempotent;
import java.lang.annotation.Annotation;
import java.util.Optional;
import java.util.Set;

/**
 * Warns of a JAX-RS {@code POST}, {@code PUT}, {@code PATCH} or {@code DELETE} resource method that
 * MicroProfile Fault Tolerance retries ({@code @Retry} on the method or its class) without
 * {@code @Idempotent}: each retry runs the write again, and a retry after a time-out whose work
 * went through does it twice. Fault Tolerance is named by its annotation's class name, so a server
 * without it loads nothing.
 */
public final class UnguardedRetryCheck {

  private static final String RETRY = "org.eclipse.microprofile.faulttolerance.Retry";
  private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");

  private UnguardedRetryCheck() {}

  /**
   * The warning for a method, if it deserves one.
   *
   * @param method the method's annotations
   * @return the WARNING's text, or empty
   */
  public static Optional<String> warning(MethodAnnotations method) {
    Optional<String> verb = method.httpVerb().filter(WRITES::contains);
    if (verb.isEmpty()
        || !(retried(method.ofMethod())
            || retried(method.ofClass())
            || retried(method.ofDeclaringClass()))
        || method.onMethod(Idempotent.class) != null
        || method.onClass(Idempotent.class) != null) {
      return Optional.empty();
    }
    return Optional.of(
        method.target()
            + ": @Retry on a JAX-RS "
            + verb.get()
            + " method without @Idempotent: each retry runs the write again, and a retry after a"
            + " time-out whose work went through does it twice. Add @Idempotent (the client's"
            + " Idempotency-Key then keeps every attempt to one run), or remove @Retry");
  }

  private static boolean retried(Set<Annotation> annotations) {
    return annotations.stream().anyMatch(a -> a.annotationType().getName().equals(RETRY));
  }
}
