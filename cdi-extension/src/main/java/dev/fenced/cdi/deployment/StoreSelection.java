package dev.fenced.cdi.deployment;

import dev.fenced.cdi.config.ConfigLookup;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which idempotency store {@code fenced.idempotency.store} selects: {@value #MEMORY} (the default,
 * the in-memory store of one instance) or the name of a CDI bean ({@code @Named}) implementing
 * {@code IdempotencyStore}. {@code jpa} and {@code redis} are such names, provided by the store
 * modules.
 */
public final class StoreSelection {

  /** The config key. */
  public static final String KEY = "fenced.idempotency.store";

  /** The in-memory store's name and the default. */
  public static final String MEMORY = "memory";

  private static final Map<String, String> MODULES =
      Map.of("jpa", "dev.fenced:fenced-jpa-store", "redis", "dev.fenced:fenced-redis-store");

  private StoreSelection() {}

  /**
   * The selected store's name.
   *
   * @param config the application's config
   * @return the stripped value of {@value #KEY}, or {@value #MEMORY} when unset or blank
   */
  public static String name(ConfigLookup config) {
    String name = config.value(KEY).map(String::strip).orElse("");
    return name.isEmpty() ? MEMORY : name;
  }

  /**
   * Whether a store name selects the in-memory store.
   *
   * @param name a name from {@link #name}
   * @return whether it is {@value #MEMORY}
   */
  public static boolean isMemory(String name) {
    return MEMORY.equals(name);
  }

  /**
   * What is wrong with the selection, given how many beans carry the name.
   *
   * @param name the selected name
   * @param candidates how many enabled {@code IdempotencyStore} beans are named {@code name} and
   *     cannot be told apart (0, 1, or more when ambiguous)
   * @return the problem, or empty when exactly one store is selected
   */
  public static Optional<String> problem(String name, int candidates) {
    Objects.requireNonNull(name, "name");
    if (isMemory(name) || candidates == 1) {
      return Optional.empty();
    }
    if (candidates > 1) {
      return Optional.of(
          KEY
              + "="
              + name
              + " is ambiguous: "
              + candidates
              + " CDI beans named \""
              + name
              + "\" implement dev.fenced.idempotency.spi.IdempotencyStore; keep one, or rename the"
              + " others and select one by its name");
    }
    String module = MODULES.get(name);
    if (module != null) {
      return Optional.of(
          KEY
              + "="
              + name
              + " selects the "
              + name
              + " store, which is not deployed; add the dependency "
              + module
              + " to the application, or set "
              + KEY
              + "="
              + MEMORY);
    }
    return Optional.of(
        KEY
            + "="
            + name
            + " names no CDI bean: annotate your dev.fenced.idempotency.spi.IdempotencyStore"
            + " implementation with @Named(\""
            + name
            + "\"), or use "
            + MEMORY
            + ", jpa or redis");
  }
}
