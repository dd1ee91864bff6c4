package dev.fenced.cdi.boot;

import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Parameter;
import java.util.Optional;
import java.util.Set;

/**
 * What a bean method is to MicroProfile GraphQL: a {@code @Mutation}, a {@code @Query}, or neither,
 * and the names the schema gives it and its arguments. The annotations are recognised by name, so
 * an application without MicroProfile GraphQL never loads its classes.
 */
enum GraphqlOperation {
  /** Not a GraphQL operation. */
  NONE,
  /** A {@code @Query}: it reads, and is never guarded. */
  QUERY,
  /** A {@code @Mutation}. */
  MUTATION;

  private static final String PACKAGE = "org.eclipse.microprofile.graphql.";
  private static final String KEY_ARGUMENT = "idempotencyKey";

  /**
   * What {@code method} is.
   *
   * @param method the method's annotations
   * @return the operation kind
   */
  static GraphqlOperation of(MethodAnnotations method) {
    if (find(method.ofMethod(), "Mutation").isPresent()) {
      return MUTATION;
    }
    return find(method.ofMethod(), "Query").isPresent() ? QUERY : NONE;
  }

  /**
   * The mutation's name in the schema: {@code @Mutation("name")}, else {@code @Name("name")} on the
   * method, else the method's name.
   *
   * @param method a mutation's annotations
   * @return the field name
   */
  static String fieldName(MethodAnnotations method) {
    return find(method.ofMethod(), "Mutation")
        .map(GraphqlOperation::value)
        .filter(name -> !name.isBlank())
        .or(() -> find(method.ofMethod(), "Name").map(GraphqlOperation::value))
        .filter(name -> !name.isBlank())
        .orElse(method.method().getName());
  }

  /**
   * The parameter whose argument is named {@code idempotencyKey} in the schema: by {@code @Name},
   * else by its own name when the class was compiled with {@code -parameters}.
   *
   * @param method a mutation's annotations
   * @return its index, or {@code -1}
   */
  static int keyArgument(MethodAnnotations method) {
    for (int i = 0; i < method.ofParameters().size(); i++) {
      if (KEY_ARGUMENT.equals(argumentName(method, i))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The name of an argument in the schema.
   *
   * @param method a mutation's annotations
   * @param index a parameter's index
   * @return {@code @Name}'s value, else the parameter's name ({@code arg0} without {@code
   *     -parameters})
   */
  static String argumentName(MethodAnnotations method, int index) {
    Parameter parameter = method.method().getParameters()[index];
    return find(method.ofParameters().get(index), "Name")
        .map(GraphqlOperation::value)
        .filter(name -> !name.isBlank())
        .orElse(parameter.getName());
  }

  private static Optional<Annotation> find(Set<Annotation> annotations, String simpleName) {
    String name = PACKAGE + simpleName;
    return annotations.stream()
        .filter(annotation -> annotation.annotationType().getName().equals(name))
        .findFirst();
  }

  private static String value(Annotation annotation) {
    try {
      return (String) annotation.annotationType().getMethod("value").invoke(annotation);
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("Cannot read " + annotation, e);
    }
  }
}
