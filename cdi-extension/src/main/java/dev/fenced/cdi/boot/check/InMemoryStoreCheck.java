package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.StoreSelection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Refuses an in-memory store in production: with {@code mp.config.profile=prod} it keeps keys or
 * locks on one instance only (a repeat sent to another instance runs again; every instance runs a
 * one-instance job). {@code fenced.allow-in-memory-storage=true} allows it on purpose (a
 * single-instance deployment).
 */
public final class InMemoryStoreCheck implements DeploymentCheck {

  /** The MicroProfile Config profile key. */
  public static final String PROFILE = "mp.config.profile";

  /** The key that allows the in-memory store in production. */
  public static final String ALLOW = "fenced.allow-in-memory-storage";

  private final StoreSelection selection;

  /**
   * Checks one selection; the lock store's only when the application uses locks.
   *
   * @param selection which store
   */
  public InMemoryStoreCheck(StoreSelection selection) {
    this.selection = Objects.requireNonNull(selection, "selection");
  }

  @Override
  public List<String> problems(Deployment deployment) {
    if (selection == StoreSelection.LOCKS && !deployment.usesLocks()) {
      return List.of();
    }
    ConfigLookup config = deployment.config();
    return problem(config, selection, selection.name(config)).stream().toList();
  }

  /**
   * What is wrong with the store choice for the active profile.
   *
   * @param config the application's config
   * @param selection which store ({@link StoreSelection#IDEMPOTENCY} or {@link
   *     StoreSelection#LOCKS})
   * @param storeName the selected store, see {@link StoreSelection#name}
   * @return the problem, or empty
   */
  public static Optional<String> problem(
      ConfigLookup config, StoreSelection selection, String storeName) {
    Optional<String> allow = config.value(ALLOW).map(v -> v.strip().toLowerCase(Locale.ROOT));
    if (allow.isPresent() && !allow.get().equals("true") && !allow.get().equals("false")) {
      return Optional.of(
          DeploymentProblem.CONFIG_VALUE_INVALID.format(
              ALLOW, allow.get(), "a boolean; use true or false (the default)"));
    }
    if (!StoreSelection.isMemory(storeName) || !isProduction(config)) {
      return Optional.empty();
    }
    if (allow.orElse("false").equals("true")) {
      return Optional.empty();
    }
    return Optional.of(
        DeploymentProblem.MEMORY_STORE_IN_PRODUCTION.format(
            selection.description(),
            selection.key(),
            storeName,
            PROFILE,
            selection.memoryRisk(),
            selection.key(),
            ALLOW));
  }

  private static boolean isProduction(ConfigLookup config) {
    String profiles = config.value(PROFILE).orElse("");
    for (String profile : profiles.split(",")) {
      if (profile.strip().equals("prod")) {
        return true;
      }
    }
    return false;
  }
}
