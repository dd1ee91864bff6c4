package dev.fenced.health;

import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreReadiness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Readiness;

/**
 * Produces Fenced's readiness checks: {@code fenced-idempotency-store} for the store {@code
 * fenced.idempotency.store} selects and {@code fenced-lock-store} for {@code fenced.locks.store}.
 * The in-memory stores are always UP (they live in this instance). Liveness is never affected: a
 * store outage makes the instance unready, not dead.
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
      return new StoreReadinessCheck(checkName, storeName, () -> IN_MEMORY);
    }
    return new StoreReadinessCheck(
        checkName, storeName, () -> beans.select(spi, NamedLiteral.of(storeName)).get());
  }

  /** The in-memory stores: always ready, in this instance only. */
  private static final StoreReadiness IN_MEMORY =
      () -> dev.fenced.store.spi.Readiness.ready(Map.of("scope", "this instance only"));
}
