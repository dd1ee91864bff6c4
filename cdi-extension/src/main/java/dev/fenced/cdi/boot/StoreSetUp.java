package dev.fenced.cdi.boot;

import dev.fenced.cdi.boot.check.StoreSetUpCheck;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.inject.Inject;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Asks each selected store that reports its readiness whether it is set up, once, when the
 * application starts ({@link StoreSetUpCheck}): the idempotency store, and the lock store when the
 * application uses locks; a store selected for both is asked once. A store not set up fails the
 * deployment (or is logged, as configured); one that does not answer is logged, never fatal.
 */
@ApplicationScoped
public class StoreSetUp {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  @Inject ModelProvider models;
  @Inject @Any Instance<Object> beans;

  /** For CDI. */
  public StoreSetUp() {}

  void check(@Observes @Initialized(ApplicationScoped.class) Object started) {
    ConfigLookup config = models.config();
    StoreSetUpCheck check = StoreSetUpCheck.of(config);
    Set<String> asked = new HashSet<>();
    List<String> problems = new ArrayList<>();
    for (StoreSelection selection : selectionsInUse()) {
      String name = selection.name(config);
      if (StoreSelection.isMemory(name) || !asked.add(name)) {
        continue;
      }
      Class<?> spi = selection == StoreSelection.LOCKS ? LockStore.class : IdempotencyStore.class;
      Instance<?> found = beans.select(spi, NamedLiteral.of(name));
      if (!found.isResolvable() || !(found.get() instanceof StoreReadiness reporting)) {
        continue;
      }
      Readiness readiness = reporting.readiness();
      check
          .failure(selection, name, readiness)
          .ifPresentOrElse(
              problems::add,
              () -> {
                if (!readiness.ready()) {
                  LOG.log(
                      Level.WARNING,
                      "The store \""
                          + name
                          + "\" ("
                          + selection.key()
                          + ") is "
                          + readiness.state()
                          + " as the application starts, so its readiness check is DOWN: "
                          + readiness.reason());
                }
              });
    }
    if (!problems.isEmpty()) {
      throw new DeploymentException(String.join("; ", problems));
    }
  }

  private List<StoreSelection> selectionsInUse() {
    return models.usesLocks()
        ? List.of(StoreSelection.IDEMPOTENCY, StoreSelection.LOCKS)
        : List.of(StoreSelection.IDEMPOTENCY);
  }
}
