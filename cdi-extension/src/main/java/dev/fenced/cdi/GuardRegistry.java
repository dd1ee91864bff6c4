package dev.fenced.cdi;

import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Optional;

/**
 * The {@code @Idempotent} methods of the deployment, by bean class and method signature (a {@link
 * MethodTable}: a proxy or subclass of a bean class, or an inherited or bridged {@code Method},
 * finds the bean's entry). Immutable once built.
 */
public final class GuardRegistry {

  /** A registry with no guarded method. */
  public static final GuardRegistry EMPTY = new GuardRegistry(MethodTable.empty());

  private final MethodTable<GuardedMethod> guards;

  private GuardRegistry(MethodTable<GuardedMethod> guards) {
    this.guards = guards;
  }

  /**
   * The guard of a method.
   *
   * @param beanClass the bean class, or a proxy or subclass of it
   * @param method the invoked method
   * @return the guard, or empty when the method is not guarded
   */
  public Optional<GuardedMethod> find(Class<?> beanClass, Method method) {
    return guards.find(beanClass, method);
  }

  /**
   * Every guarded method.
   *
   * @return the guards, in no particular order
   */
  public Collection<GuardedMethod> all() {
    return guards.all();
  }

  /**
   * How many methods are guarded.
   *
   * @return the count
   */
  public int size() {
    return guards.size();
  }

  /** Collects guards while the container boots; not thread-safe. */
  public static final class Builder {

    private final MethodTable.Builder<GuardedMethod> guards = new MethodTable.Builder<>();

    /**
     * Adds a guarded method of a bean class. When the class has two methods with one signature (one
     * overrides the other), the one declared lower in the hierarchy wins.
     *
     * @param beanClass the bean class
     * @param guard the guard read from one of its methods
     * @return this builder
     */
    public Builder add(Class<?> beanClass, GuardedMethod guard) {
      guards.add(beanClass, guard.method(), guard);
      return this;
    }

    /**
     * Freezes the guards.
     *
     * @return the registry
     */
    public GuardRegistry build() {
      return new GuardRegistry(guards.build());
    }
  }
}
