package dev.fenced.cdi;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which intercepted methods MicroProfile Fault Tolerance shapes: an annotation of its package on
 * the method, or on the bean's class or a superclass. Only those calls get a {@code BodyWitness};
 * the others record what the method did, as it is what the caller got. Fault Tolerance is named by
 * its package, so a server without it loads nothing. Read once per bean class and method.
 */
final class FaultToleranceShapes {

  private static final String PACKAGE = "org.eclipse.microprofile.faulttolerance.";
  private static final String RETRY_WHEN = "io.smallrye.faulttolerance.api.RetryWhen";

  /** How Fault Tolerance shapes a method: not at all, or with a witness of this kind. */
  enum Shape {
    NONE,
    WITNESSED,
    /** Retried on returned values too (SmallRye's {@code @RetryWhen}): each attempt runs. */
    RETRIED_ON_RESULTS
  }

  private record Target(Class<?> beanClass, Method method) {}

  private final Map<Target, Shape> shapes = new ConcurrentHashMap<>();

  /**
   * How Fault Tolerance shapes calls of {@code method} on an instance of {@code beanClass}.
   *
   * @param beanClass the class of the intercepted instance (possibly the container's subclass)
   * @param method the intercepted method
   * @return {@link Shape#NONE} when Fault Tolerance annotates neither the method nor the class
   */
  Shape of(Class<?> beanClass, Method method) {
    return shapes.computeIfAbsent(new Target(beanClass, method), FaultToleranceShapes::read);
  }

  private static Shape read(Target target) {
    boolean shaped = false;
    boolean onResults = false;
    List<Annotation> annotations = new ArrayList<>(List.of(target.method().getAnnotations()));
    for (Class<?> type = target.beanClass(); type != null; type = type.getSuperclass()) {
      annotations.addAll(List.of(type.getDeclaredAnnotations()));
    }
    for (Annotation annotation : annotations) {
      String name = annotation.annotationType().getName();
      shaped |= name.startsWith(PACKAGE);
      onResults |= name.equals(RETRY_WHEN);
    }
    if (!shaped) {
      return Shape.NONE;
    }
    return onResults ? Shape.RETRIED_ON_RESULTS : Shape.WITNESSED;
  }
}
