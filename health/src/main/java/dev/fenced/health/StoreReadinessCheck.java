package dev.fenced.health;

import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * The readiness of one selected store, as MicroProfile Health reports it: named after what the
 * store is for ({@code fenced-idempotency-store}, {@code fenced-lock-store}), with the data {@code
 * store} (the selected name), and UP or DOWN as the store's {@link StoreReadiness} says, with its
 * reason and details. A store without {@code StoreReadiness} is UP as long as it can be looked up;
 * one that cannot, or whose check throws, is DOWN. Never throws.
 */
final class StoreReadinessCheck implements HealthCheck {

  private final String name;
  private final String storeName;
  private final Supplier<Object> store;

  /**
   * Creates the check of one selection.
   *
   * @param name the check's name
   * @param storeName the selected store's name, e.g. {@code jpa}
   * @param store looks the store up at each check
   */
  StoreReadinessCheck(String name, String storeName, Supplier<Object> store) {
    this.name = Objects.requireNonNull(name, "name");
    this.storeName = Objects.requireNonNull(storeName, "storeName");
    this.store = Objects.requireNonNull(store, "store");
  }

  @Override
  public HealthCheckResponse call() {
    Readiness readiness;
    try {
      Object found = store.get();
      readiness =
          found instanceof StoreReadiness reporting
              ? reporting.readiness()
              : Readiness.ready(Map.of("readiness", "not reported by this store"));
    } catch (RuntimeException e) {
      readiness =
          Readiness.unavailable(
              "the store \"" + storeName + "\" could not be checked: " + e, Map.of());
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("store", storeName);
    data.putAll(readiness.details());
    if (!readiness.ready()) {
      data.put("reason", readiness.reason());
    }
    // the constructor, not HealthCheckResponse.named(): no provider lookup, so the same everywhere
    return new HealthCheckResponse(
        name,
        readiness.ready() ? HealthCheckResponse.Status.UP : HealthCheckResponse.Status.DOWN,
        Optional.of(data));
  }
}
