package dev.fenced.cdi.boot;

import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedParameter;
import jakarta.enterprise.inject.spi.AnnotatedType;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * CDI's view of a class as another extension may have changed it: the class's own annotations, plus
 * or minus some, without a container.
 */
final class Annotateds {

  private Annotateds() {}

  /** The annotated type of a class, as Java reads it. */
  static <X> AnnotatedType<X> type(Class<X> type) {
    return type(type, Set.of(type.getAnnotations()));
  }

  /** The annotated type of a class with other annotations than Java reads. */
  @SuppressWarnings("unchecked")
  static <X> AnnotatedType<X> type(Class<X> type, Set<Annotation> annotations) {
    return (AnnotatedType<X>)
        proxy(
            AnnotatedType.class,
            annotations,
            (method, args) ->
                switch (method) {
                  case "getJavaClass", "getBaseType" -> type;
                  default -> throw new UnsupportedOperationException(method);
                });
  }

  /** A method of an annotated type, with other annotations than Java reads. */
  @SuppressWarnings("unchecked")
  static <X> AnnotatedMethod<X> method(
      AnnotatedType<X> declaring, Method method, Set<Annotation> annotations) {
    List<AnnotatedParameter<X>> parameters =
        IntStream.range(0, method.getParameterCount())
            .mapToObj(
                i ->
                    (AnnotatedParameter<X>)
                        proxy(
                            AnnotatedParameter.class,
                            Set.of(method.getParameterAnnotations()[i]),
                            (name, args) -> {
                              throw new UnsupportedOperationException(name);
                            }))
            .toList();
    return (AnnotatedMethod<X>)
        proxy(
            AnnotatedMethod.class,
            annotations,
            (name, args) ->
                switch (name) {
                  case "getJavaMember" -> method;
                  case "getDeclaringType" -> declaring;
                  case "getParameters" -> parameters;
                  default -> throw new UnsupportedOperationException(name);
                });
  }

  /** Java's annotations of an element plus {@code added}. */
  static Set<Annotation> plus(Annotation[] own, Annotation... added) {
    Set<Annotation> all = new HashSet<>(Arrays.asList(own));
    all.addAll(Arrays.asList(added));
    return all;
  }

  /** Java's annotations of an element without those of {@code removed}. */
  static Set<Annotation> minus(Annotation[] own, Class<? extends Annotation> removed) {
    Set<Annotation> all = new HashSet<>(Arrays.asList(own));
    all.removeIf(a -> a.annotationType() == removed);
    return all;
  }

  private interface Answer {
    Object of(String method, Object[] args);
  }

  private static Object proxy(Class<?> type, Set<Annotation> annotations, Answer other) {
    return Proxy.newProxyInstance(
        Annotateds.class.getClassLoader(),
        new Class<?>[] {type},
        (self, method, args) ->
            switch (method.getName()) {
              case "getAnnotations" -> Set.copyOf(annotations);
              case "getAnnotation" -> find(annotations, (Class<?>) args[0]);
              case "isAnnotationPresent" -> find(annotations, (Class<?>) args[0]) != null;
              case "toString" -> type.getSimpleName() + annotations;
              case "hashCode" -> System.identityHashCode(self);
              case "equals" -> self == args[0];
              default -> other.of(method.getName(), args);
            });
  }

  private static Annotation find(Set<Annotation> annotations, Class<?> type) {
    return annotations.stream().filter(a -> a.annotationType() == type).findFirst().orElse(null);
  }
}
