package dev.fenced.cdi.model;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The models of one feature's methods ({@code IdempotentMethod}, {@code JobMethod}), per bean class
 * and method signature, found from the bean class or any proxy or subclass of it. Immutable once
 * built; each lookup's answer is remembered per class and {@code Method}, since interceptors ask on
 * every call.
 *
 * <p>A lookup walks up from the class it is given, so a container's proxy or subclass of a bean
 * (Weld's {@code ...$Proxy$_$$_WeldSubclass}, an EJB view) finds the bean's entry; the method is
 * matched by name and parameter types, so an inherited or bridged {@code Method} finds it too.
 *
 * <p>An interceptor asks with {@link #intercepted}: a bean class whose class-level annotation binds
 * the interceptor to every method has methods with no model by design (a {@code GET} of an
 * {@code @Idempotent} resource, a lifecycle callback of an {@code @OnOneInstance} bean), which pass
 * through; any other intercepted method without a model fails closed.
 *
 * @param <M> the model type
 */
public final class MethodRegistry<M> {

  private final Map<String, Entry<M>> entries;
  private final Set<String> classLevel;
  private final Map<Lookup, Optional<M>> found = new ConcurrentHashMap<>();

  private record Entry<M>(Method method, M model) {}

  private record Lookup(Class<?> beanClass, Method method) {}

  private MethodRegistry(Map<String, Entry<M>> entries, Set<String> classLevel) {
    this.entries = Map.copyOf(entries);
    this.classLevel = Set.copyOf(classLevel);
  }

  /**
   * An empty registry.
   *
   * @param <M> the model type
   * @return a registry with no entry
   */
  public static <M> MethodRegistry<M> empty() {
    return new MethodRegistry<>(Map.of(), Set.of());
  }

  /**
   * The model of a method.
   *
   * @param beanClass the bean class, or a proxy or subclass of it
   * @param method the invoked method
   * @return the model, or empty
   */
  public Optional<M> find(Class<?> beanClass, Method method) {
    return found.computeIfAbsent(new Lookup(beanClass, method), this::search);
  }

  private Optional<M> search(Lookup lookup) {
    Class<?> beanClass = lookup.beanClass();
    String signature = signature(lookup.method());
    for (Class<?> c = beanClass; c != null && c != Object.class; c = c.getSuperclass()) {
      Entry<M> entry = entries.get(c.getName() + "#" + signature);
      if (entry != null) {
        return Optional.of(entry.model());
      }
    }
    return Optional.empty();
  }

  /**
   * The model of a method an interceptor of the feature intercepts.
   *
   * @param beanClass the bean class, or a proxy or subclass of it
   * @param method the invoked method
   * @param binding the interceptor's binding, for the message, e.g. {@code @Idempotent}
   * @return the model, or empty for a method of a class whose class-level annotation does not guard
   *     it by design
   * @throws IllegalStateException when the method has no model and its class no class-level
   *     annotation: Fenced never read it, and refuses to run it unguarded
   */
  public Optional<M> intercepted(Class<?> beanClass, Method method, String binding) {
    Optional<M> found = find(beanClass, method);
    if (found.isPresent()) {
      return found;
    }
    for (Class<?> c = beanClass; c != null && c != Object.class; c = c.getSuperclass()) {
      if (classLevel.contains(c.getName())) {
        return Optional.empty();
      }
    }
    throw new IllegalStateException(
        binding
            + " intercepts "
            + beanClass.getName()
            + "."
            + method.getName()
            + ", but Fenced read no model for it while the container booted (a bean its"
            + " extension never saw, e.g. from an InterceptionFactory or a synthetic bean); it"
            + " is refused rather than run unguarded");
  }

  /**
   * Every model.
   *
   * @return the models, in no particular order
   */
  public List<M> all() {
    return entries.values().stream().map(Entry::model).collect(Collectors.toList());
  }

  /**
   * How many methods have a model.
   *
   * @return the count
   */
  public int size() {
    return entries.size();
  }

  private static String signature(Method method) {
    return method.getName()
        + List.of(method.getParameterTypes()).stream()
            .map(Class::getName)
            .collect(Collectors.joining(",", "(", ")"));
  }

  /**
   * Collects models while the container boots; not thread-safe.
   *
   * @param <M> the model type
   */
  public static final class Builder<M> {

    private final Map<String, Entry<M>> entries = new HashMap<>();
    private final Set<String> classLevel = new HashSet<>();

    /**
     * Adds the model of a method of a bean class. When the class has two methods with one signature
     * (one overrides the other), the one declared lower in the hierarchy wins.
     *
     * @param beanClass the bean class
     * @param method the method the model was read from
     * @param model the model
     * @return this builder
     */
    public Builder<M> add(Class<?> beanClass, Method method, M model) {
      entries.merge(
          beanClass.getName() + "#" + signature(method),
          new Entry<>(method, model),
          (old, added) ->
              old.method().getDeclaringClass().isAssignableFrom(added.method().getDeclaringClass())
                  ? added
                  : old);
      return this;
    }

    /**
     * Notes a bean class whose class-level annotation binds the feature's interceptor to methods
     * that have no model by design.
     *
     * @param beanClass the bean class
     * @return this builder
     */
    public Builder<M> classLevel(Class<?> beanClass) {
      classLevel.add(beanClass.getName());
      return this;
    }

    /**
     * Drops every model and the class-level note of a bean class, so that it can be read again from
     * a more complete annotated type.
     *
     * @param beanClass the bean class
     * @return this builder
     */
    public Builder<M> forget(Class<?> beanClass) {
      String prefix = beanClass.getName() + "#";
      entries.keySet().removeIf(key -> key.startsWith(prefix));
      classLevel.remove(beanClass.getName());
      return this;
    }

    /**
     * Freezes the models.
     *
     * @return the registry
     */
    public MethodRegistry<M> build() {
      return new MethodRegistry<>(entries, classLevel);
    }
  }
}
