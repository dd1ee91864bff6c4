package dev.fenced.health;

import dev.fenced.cdi.config.HealthSettings;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Readiness;

/**
 * Produces Fenced's readiness checks: {@code fenced-idempotency-store} for the store {@code
 * fenced.idempotency.store} selects and {@code fenced-lock-store} for {@code fenced.locks.store}.
 * The in-memory stores are always UP (they live in this instance). Liveness is never affected: a
 * store outage makes the instance unready, not dead.
 *
 * <p>Each check answers within {@code fenced.health.timeout} (800 ms by default): the stores are
 * asked on the server's default managed executor, both at the first of the two checks, one question
 * per store at a time ({@link ReadinessProbe}), so a store that does not answer costs the endpoint
 * one timeout, not one per check and store call.
 *
 * <p>A bean this jar's bean archive discovers, not one the Fenced extension adds: a server's
 * MicroProfile Health looks for checks in the application's bean archives, and WildFly does not see
 * beans an extension adds from a jar that is no bean archive. So the checks live in their own
 * module, which an application adds where the server has MicroProfile Health.
 */
@ApplicationScoped
public class StoreReadinessChecks {

  /** The name of the idempotency store's check. */
  public static final String IDEMPOTENCY_STORE = "fenced-idempotency-store";

  /** The name of the lock store's check. */
  public static final String LOCK_STORE = "fenced-lock-store";

  @Inject ModelProvider models;
  @Inject @Any Instance<Object> beans;

  @Resource(lookup = "java:comp/DefaultManagedExecutorService")
  ManagedExecutorService executor;

  private final ConcurrentMap<String, ReadinessProbe> probes = new ConcurrentHashMap<>();

  /** For CDI. */
  public StoreReadinessChecks() {}

  /**
   * The idempotency store's check.
   *
   * @return the check
   */
  @Produces
  @Readiness
  HealthCheck idempotencyStore() {
    return check(IDEMPOTENCY_STORE, StoreSelection.IDEMPOTENCY, IdempotencyStore.class);
  }

  /**
   * The lock store's check.
   *
   * @return the check
   */
  @Produces
  @Readiness
  HealthCheck lockStore() {
    return check(LOCK_STORE, StoreSelection.LOCKS, LockStore.class);
  }

  private HealthCheck check(String checkName, StoreSelection selection, Class<?> spi) {
    String storeName = selection.name(models.config());
    if (StoreSelection.isMemory(storeName)) {
      return new StoreReadinessCheck(checkName, storeName, () -> IN_MEMORY_READY);
    }
    ReadinessProbe probe = probe(storeName, spi);
    return new StoreReadinessCheck(
        checkName,
        storeName,
        () -> {
          askEverySelectedStore();
          return probe.answer();
        });
  }

  /** Puts the question to each selected store, so that both checks' stores are asked at once. */
  private void askEverySelectedStore() {
    for (var selected :
        List.of(
            Map.entry(StoreSelection.IDEMPOTENCY, IdempotencyStore.class),
            Map.entry(StoreSelection.LOCKS, LockStore.class))) {
      String storeName = selected.getKey().name(models.config());
      if (!StoreSelection.isMemory(storeName)) {
        probe(storeName, selected.getValue()).ask();
      }
    }
  }

  /** One probe per store name: a store that serves both SPIs is asked once for both checks. */
  private ReadinessProbe probe(String storeName, Class<?> spi) {
    // made once per store; every later check only looks it up
    return probes.computeIfAbsent(
        storeName,
        name ->
            new ReadinessProbe(
                name,
                () -> beans.select(spi, NamedLiteral.of(name)).get(),
                executor,
                HealthSettings.of(models.config()).timeout(),
                System::nanoTime));
  }

  /** The in-memory stores: always ready, in this instance only. */
  private static final dev.fenced.store.spi.Readiness IN_MEMORY_READY =
      dev.fenced.store.spi.Readiness.ready(Map.of("scope", "this instance only"));
}
