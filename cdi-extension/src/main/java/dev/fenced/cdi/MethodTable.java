package dev.fenced.cdi;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Entries per bean class and method signature, found from the bean class or any proxy or subclass
 * of it. Immutable once built.
 *
 * <p>A lookup walks up from the class it is given, so a container's proxy or subclass of a bean
 * (Weld's {@code ...$Proxy$_$$_WeldSubclass}, an EJB view) finds the bean's entry; the method is
 * matched by name and parameter types, so an inherited or bridged {@code Method} finds it too.
 *
 * @param <T> the entry type
 */
public final class MethodTable<T> {

  private final Map<String, Entry<T>> entries;

  private record Entry<T>(Method method, T value) {}

  private MethodTable(Map<String, Entry<T>> entries) {
    this.entries = Map.copyOf(entries);
  }

  /**
   * An empty table.
   *
   * @param <T> the entry type
   * @return a table with no entry
   */
  public static <T> MethodTable<T> empty() {
    return new MethodTable<>(Map.of());
  }

  /**
   * The entry of a method.
   *
   * @param beanClass the bean class, or a proxy or subclass of it
   * @param method the invoked method
   * @return the entry, or empty
   */
  public Optional<T> find(Class<?> beanClass, Method method) {
    String signature = signature(method);
    for (Class<?> c = beanClass; c != null && c != Object.class; c = c.getSuperclass()) {
      Entry<T> entry = entries.get(c.getName() + "#" + signature);
      if (entry != null) {
        return Optional.of(entry.value());
      }
    }
    return Optional.empty();
  }

  /**
   * Every entry.
   *
   * @return the entries, in no particular order
   */
  public List<T> all() {
    return entries.values().stream().map(Entry::value).collect(Collectors.toList());
  }

  /**
   * How many methods have an entry.
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
   * Collects entries while the container boots; not thread-safe.
   *
   * @param <T> the entry type
   */
  public static final class Builder<T> {

    private final Map<String, Entry<T>> entries = new HashMap<>();

    /**
     * Adds the entry of a method of a bean class. When the class has two methods with one signature
     * (one overrides the other), the one declared lower in the hierarchy wins.
     *
     * @param beanClass the bean class
     * @param method the method the entry was read from
     * @param value the entry
     * @return this builder
     */
    public Builder<T> add(Class<?> beanClass, Method method, T value) {
      entries.merge(
          beanClass.getName() + "#" + signature(method),
          new Entry<>(method, value),
          (old, added) ->
              old.method().getDeclaringClass().isAssignableFrom(added.method().getDeclaringClass())
                  ? added
                  : old);
      return this;
    }

    /**
     * Freezes the entries.
     *
     * @return the table
     */
    public MethodTable<T> build() {
      return new MethodTable<>(entries);
    }
  }
}
