package dev.fenced.cdi;

import java.lang.reflect.Method;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The guarded methods of the deployment, by bean class and method signature. Immutable once built.
 *
 * <p>A lookup walks up from the class it is given, so a container's proxy or subclass of a bean
 * (Weld's {@code ...$Proxy$_$$_WeldSubclass}, an EJB view) finds the bean's entry; the method is
 * matched by name and parameter types, so an inherited or bridged {@code Method} finds it too.
 */
public final class GuardRegistry {

  /** A registry with no guarded method. */
  public static final GuardRegistry EMPTY = new GuardRegistry(Map.of());

  private final Map<String, GuardedMethod> guards;

  private GuardRegistry(Map<String, GuardedMethod> guards) {
    this.guards = Map.copyOf(guards);
  }

  /**
   * The guard of a method.
   *
   * @param beanClass the bean class, or a proxy or subclass of it
   * @param method the invoked method
   * @return the guard, or empty when the method is not guarded
   */
  public Optional<GuardedMethod> find(Class<?> beanClass, Method method) {
    String signature = signature(method);
    for (Class<?> c = beanClass; c != null && c != Object.class; c = c.getSuperclass()) {
      GuardedMethod guard = guards.get(c.getName() + "#" + signature);
      if (guard != null) {
        return Optional.of(guard);
      }
    }
    return Optional.empty();
  }

  /**
   * Every guarded method.
   *
   * @return the guards, in no particular order
   */
  public Collection<GuardedMethod> all() {
    return guards.values();
  }

  /**
   * How many methods are guarded.
   *
   * @return the count
   */
  public int size() {
    return guards.size();
  }

  private static String signature(Method method) {
    return method.getName()
        + List.of(method.getParameterTypes()).stream()
            .map(Class::getName)
            .collect(Collectors.joining(",", "(", ")"));
  }

  /** Collects guards while the container boots; not thread-safe. */
  public static final class Builder {

    private final Map<String, GuardedMethod> guards = new HashMap<>();

    /**
     * Adds a guarded method of a bean class. When the class has two methods with one signature (one
     * overrides the other), the one declared lower in the hierarchy wins.
     *
     * @param beanClass the bean class
     * @param guard the guard read from one of its methods
     * @return this builder
     */
    public Builder add(Class<?> beanClass, GuardedMethod guard) {
      guards.merge(
          beanClass.getName() + "#" + signature(guard.method()),
          guard,
          (old, added) ->
              old.method().getDeclaringClass().isAssignableFrom(added.method().getDeclaringClass())
                  ? added
                  : old);
      return this;
    }

    /**
     * Freezes the guards.
     *
     * @return the registry
     */
    public GuardRegistry build() {
      return new GuardRegistry(guards);
    }
  }
}
