package dev.fenced.cdi.boot;

import jakarta.enterprise.inject.spi.Annotated;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import jakarta.ws.rs.HttpMethod;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The annotations of one bean method, its parameters and its class, as the readers see them: from
 * CDI's {@link AnnotatedType} (so annotations other extensions added or removed count), or, for a
 * JAX-RS resource class that is not a CDI bean, from the class itself.
 *
 * @param beanClass the bean class, whose name the config keys use
 * @param method the method
 * @param ofMethod the method's annotations
 * @param ofClass the bean class's annotations (with the inherited ones)
 * @param ofDeclaringClass the annotations of the class declaring the method
 * @param ofParameters each parameter's annotations, in order
 */
public record MethodAnnotations(
    Class<?> beanClass,
    Method method,
    Set<Annotation> ofMethod,
    Set<Annotation> ofClass,
    Set<Annotation> ofDeclaringClass,
    List<Set<Annotation>> ofParameters) {

  /**
   * Validates and copies the components.
   *
   * @param beanClass never {@code null}
   * @param method never {@code null}
   * @param ofMethod never {@code null}
   * @param ofClass never {@code null}
   * @param ofDeclaringClass never {@code null}
   * @param ofParameters one set per parameter
   */
  public MethodAnnotations {
    Objects.requireNonNull(beanClass, "beanClass");
    Objects.requireNonNull(method, "method");
    ofMethod = Set.copyOf(ofMethod);
    ofClass = Set.copyOf(ofClass);
    ofDeclaringClass = Set.copyOf(ofDeclaringClass);
    ofParameters = ofParameters.stream().map(Set::copyOf).toList();
    if (ofParameters.size() != method.getParameterCount()) {
      throw new IllegalArgumentException("one annotation set per parameter of " + method);
    }
  }

  /**
   * The annotations CDI gives a bean method. A method inherited from a class CDI did not give with
   * it keeps the annotations of that class as Java reads them.
   *
   * @param type the bean's annotated type
   * @param method one of its methods
   * @return the annotations
   */
  public static MethodAnnotations of(AnnotatedType<?> type, AnnotatedMethod<?> method) {
    Method member = method.getJavaMember();
    AnnotatedType<?> declaring = method.getDeclaringType();
    Set<Annotation> ofDeclaringClass =
        declaring != null && declaring.getJavaClass() == member.getDeclaringClass()
            ? declaring.getAnnotations()
            : Set.of(member.getDeclaringClass().getAnnotations());
    return new MethodAnnotations(
        type.getJavaClass(),
        member,
        method.getAnnotations(),
        type.getAnnotations(),
        ofDeclaringClass,
        method.getParameters().stream().map(Annotated::getAnnotations).toList());
  }

  /**
   * The annotations Java reads on a method of a class CDI does not manage.
   *
   * @param beanClass the class
   * @param method one of its methods
   * @return the annotations
   */
  public static MethodAnnotations of(Class<?> beanClass, Method method) {
    return new MethodAnnotations(
        beanClass,
        method,
        Set.of(method.getAnnotations()),
        Set.of(beanClass.getAnnotations()),
        Set.of(method.getDeclaringClass().getAnnotations()),
        Arrays.stream(method.getParameterAnnotations()).map(Set::of).toList());
  }

  /**
   * The method's own annotation of a type.
   *
   * @param type the annotation type
   * @param <A> the annotation type
   * @return the annotation, or {@code null}
   */
  public <A extends Annotation> A onMethod(Class<A> type) {
    return find(ofMethod, type);
  }

  /**
   * The class-level annotation of a type: the bean class's, else the declaring class's.
   *
   * @param type the annotation type
   * @param <A> the annotation type
   * @return the annotation, or {@code null}
   */
  public <A extends Annotation> A onClass(Class<A> type) {
    A onBean = find(ofClass, type);
    return onBean != null ? onBean : find(ofDeclaringClass, type);
  }

  /**
   * The indexes of the parameters annotated with a type.
   *
   * @param type the annotation type
   * @return the indexes, in order
   */
  public List<Integer> parametersWith(Class<? extends Annotation> type) {
    return java.util.stream.IntStream.range(0, ofParameters.size())
        .filter(i -> find(ofParameters.get(i), type) != null)
        .boxed()
        .toList();
  }

  /**
   * A parameter's annotation of a type.
   *
   * @param index the parameter's index
   * @param type the annotation type
   * @param <A> the annotation type
   * @return the annotation, or {@code null}
   */
  public <A extends Annotation> A onParameter(int index, Class<A> type) {
    return find(ofParameters.get(index), type);
  }

  /**
   * The JAX-RS verb of a resource method, from an annotation meta-annotated {@link HttpMethod}.
   *
   * @return the verb, upper case, or empty when it is not a resource method
   */
  public Optional<String> httpVerb() {
    for (Annotation annotation : ofMethod) {
      HttpMethod httpMethod = annotation.annotationType().getAnnotation(HttpMethod.class);
      if (httpMethod != null) {
        return Optional.of(httpMethod.value().toUpperCase(Locale.ROOT));
      }
    }
    return Optional.empty();
  }

  /**
   * Whether a class-level annotation may apply to the method: not synthetic, a bridge, static,
   * private or declared by {@code Object}.
   *
   * @return whether it is an ordinary instance method the class's annotation covers
   */
  public boolean coveredByClass() {
    int modifiers = method.getModifiers();
    return !method.isSynthetic()
        && !method.isBridge()
        && method.getDeclaringClass() != Object.class
        && !Modifier.isStatic(modifiers)
        && !Modifier.isPrivate(modifiers);
  }

  /**
   * The method as events, logs and messages name it.
   *
   * @return {@code com.example.Pay.pay}
   */
  public String target() {
    return beanClass.getName() + "." + method.getName();
  }

  private static <A extends Annotation> A find(Set<Annotation> annotations, Class<A> type) {
    for (Annotation annotation : annotations) {
      if (annotation.annotationType() == type) {
        return type.cast(annotation);
      }
    }
    return null;
  }
}
