package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which store a {@code fenced.*.store} key selects: {@value #MEMORY} (the default, the in-memory
 * store of one instance) or the name of a CDI bean ({@code @Named}) implementing the store SPI.
 * {@code jpa} and {@code redis} are such names, provided by the store modules. One selection per
 * SPI: {@link #IDEMPOTENCY} and {@link #LOCKS}.
 */
public final class StoreSelection {

  /** The in-memory store's name and the default. */
  public static final String MEMORY = "memory";

  /** {@code fenced.idempotency.store}, an {@code IdempotencyStore}. */
  public static final StoreSelection IDEMPOTENCY =
      new StoreSelection(
          "fenced.idempotency.store",
          "dev.fenced.idempotency.spi.IdempotencyStore",
          "idempotency store",
          "keys would live on this instance only, so a repeat sent to another instance runs"
              + " again");

  /** {@code fenced.locks.store}, a {@code LockStore}. */
  public static final StoreSelection LOCKS =
      new StoreSelection(
          "fenced.locks.store",
          "dev.fenced.locks.spi.LockStore",
          "lock store",
          "locks would live on this instance only, so every instance would run each one-instance"
              + " job and elect itself leader");

  private static final Map<String, String> MODULES =
      Map.of("jpa", "dev.fenced:fenced-jpa-store", "redis", "dev.fenced:fenced-redis-store");

  private final String key;
  private final String spi;
  private final String description;
  private final String memoryRisk;

  private StoreSelection(String key, String spi, String description, String memoryRisk) {
    this.key = key;
    this.spi = spi;
    this.description = description;
    this.memoryRisk = memoryRisk;
  }

  /**
   * The config key.
   *
   * @return e.g. {@code fenced.locks.store}
   */
  public String key() {
    return key;
  }

  /**
   * What the store is, for messages.
   *
   * @return e.g. {@code lock store}
   */
  public String description() {
    return description;
  }

  /**
   * What goes wrong with the in-memory store in a cluster, for messages.
   *
   * @return a clause such as {@code locks would live on this instance only, ...}
   */
  public String memoryRisk() {
    return memoryRisk;
  }

  /**
   * The selected store's name.
   *
   * @param config the application's config
   * @return the stripped value of the key, or {@value #MEMORY} when unset or blank
   */
  public String name(ConfigLookup config) {
    String name = config.value(key).map(String::strip).orElse("");
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
   * @param candidates how many enabled store beans of this SPI are named {@code name} and cannot be
   *     told apart (0, 1, or more when ambiguous)
   * @return the problem, or empty when exactly one store is selected
   */
  public Optional<String> problem(String name, int candidates) {
    Objects.requireNonNull(name, "name");
    if (isMemory(name) || candidates == 1) {
      return Optional.empty();
    }
    if (candidates > 1) {
      return Optional.of(
          DeploymentProblem.STORE_AMBIGUOUS.format(key, name, candidates, name, spi));
    }
    String module = MODULES.get(name);
    if (module != null) {
      return Optional.of(
          DeploymentProblem.STORE_MODULE_MISSING.format(
              key, name, name, description, module, key, MEMORY));
    }
    return Optional.of(DeploymentProblem.STORE_UNKNOWN.format(key, name, spi, name, MEMORY));
  }

  @Override
  public String toString() {
    return key;
  }
}
