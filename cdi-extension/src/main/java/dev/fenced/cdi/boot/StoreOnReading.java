package dev.fenced.cdi.boot;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.call.ExceptionReplay;
import dev.fenced.idempotency.Idempotent;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads {@code @Idempotent(storeOn)}: the exception classes, from the annotations or a
 * comma-separated list of class names in MicroProfile Config, each loaded by the bean's class
 * loader and checked to be an exception a replay can throw again; and that MicroProfile Fault
 * Tolerance does not shape the method (its caller gets Fault Tolerance's answer).
 */
final class StoreOnReading {

  private static final String MEMBER = "storeOn";
  private static final String FAULT_TOLERANCE = "org.eclipse.microprofile.faulttolerance.";

  private StoreOnReading() {}

  /**
   * The method's {@code storeOn} classes; every problem goes to {@code reading}.
   *
   * @param reading the annotation being read
   * @param method the method's annotations
   * @return the valid classes, in order
   */
  static List<Class<? extends Exception>> read(
      AnnotationReading<Idempotent> reading, MethodAnnotations method) {
    ResolvedValue value =
        reading.resolve(
            MEMBER,
            a -> Arrays.stream(a.storeOn()).map(Class::getName).collect(Collectors.joining(",")),
            "");
    List<Class<? extends Exception>> classes = new ArrayList<>();
    for (String entry : value.value().split(",")) {
      String name = entry.strip();
      if (!name.isEmpty()) {
        load(reading, value, name, method.beanClass().getClassLoader()).ifPresent(classes::add);
      }
    }
    if (!classes.isEmpty()) {
      shapedBy(method)
          .ifPresent(
              annotation ->
                  reading.problem(
                      DeploymentProblem.STORE_ON_WITH_FAULT_TOLERANCE.format(
                          reading.target(), annotation.annotationType().getSimpleName())));
    }
    return classes;
  }

  private static Optional<Class<? extends Exception>> load(
      AnnotationReading<Idempotent> reading, ResolvedValue value, String name, ClassLoader loader) {
    Class<?> type;
    try {
      type = Class.forName(name, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      reading.problem(
          DeploymentProblem.MEMBER_VALUE_INVALID.format(
              reading.target(),
              MEMBER,
              value.describe(),
              "exception class names the application can load, comma-separated ("
                  + name
                  + " is not found)"));
      return Optional.empty();
    }
    if (!Exception.class.isAssignableFrom(type)) {
      reading.problem(
          DeploymentProblem.MEMBER_VALUE_INVALID.format(
              reading.target(),
              MEMBER,
              value.describe(),
              "classes that extend java.lang.Exception (" + name + " does not)"));
      return Optional.empty();
    }
    if (!ExceptionReplay.canRebuild(type)) {
      reading.problem(
          DeploymentProblem.STORE_ON_NOT_REBUILDABLE.format(
              reading.target(), value.describe(), name));
      return Optional.empty();
    }
    return Optional.of(type.asSubclass(Exception.class));
  }

  /** A MicroProfile Fault Tolerance annotation on the method or its class, if there is one. */
  private static Optional<Annotation> shapedBy(MethodAnnotations method) {
    return Stream.of(method.ofMethod(), method.ofClass(), method.ofDeclaringClass())
        .flatMap(Set::stream)
        .filter(a -> a.annotationType().getName().startsWith(FAULT_TOLERANCE))
        .findFirst();
  }
}
