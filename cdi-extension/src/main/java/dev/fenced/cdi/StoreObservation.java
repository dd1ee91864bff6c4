package dev.fenced.cdi;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.core.metrics.ObservedStores;
import dev.fenced.core.metrics.StoreCallListener;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import jakarta.enterprise.inject.Instance;
import java.util.List;
import java.util.Optional;

/**
 * Lets the application's {@link StoreCallListener} beans (such as {@code fenced-telemetry}'s) hear
 * the engines' store calls: the stores are observed only when there is at least one.
 */
final class StoreObservation {

  private StoreObservation() {}

  static IdempotencyStore idempotency(
      IdempotencyStore store, ConfigLookup config, Instance<Object> beans) {
    return ObservedStores.idempotency(
        store, StoreSelection.IDEMPOTENCY.name(config), listener(beans));
  }

  static LockStore locks(LockStore store, ConfigLookup config, Instance<Object> beans) {
    return ObservedStores.locks(store, StoreSelection.LOCKS.name(config), listener(beans));
  }

  private static Optional<StoreCallListener> listener(Instance<Object> beans) {
    List<StoreCallListener> listeners = beans.select(StoreCallListener.class).stream().toList();
    if (listeners.size() <= 1) {
      return listeners.stream().findFirst();
    }
    return Optional.of(call -> listeners.forEach(listener -> listener.called(call)));
  }
}
