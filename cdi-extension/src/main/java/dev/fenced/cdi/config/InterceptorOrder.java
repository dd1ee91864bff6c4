package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.FencedPriorities;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps Fenced's interceptors outside MicroProfile Fault Tolerance's, so every {@code @Retry}
 * attempt runs under one claimed key. {@value #FENCED} moves Fenced's base priority (that of
 * {@code @OnOneInstance}; the others follow it in their order, {@code @Idempotent} two above);
 * {@value #FAULT_TOLERANCE} is Fault Tolerance's own key. The deployment fails when Fault
 * Tolerance's priority is at or below {@code @Idempotent}'s.
 */
public final class InterceptorOrder {

  /** Fenced's base priority key. */
  public static final String FENCED = "fenced.interceptor.priority";

  /** MicroProfile Fault Tolerance's priority key. */
  public static final String FAULT_TOLERANCE = "mp.fault.tolerance.interceptor.priority";

  private static final int IDEMPOTENT_OFFSET =
      FencedPriorities.IDEMPOTENT - FencedPriorities.ON_ONE_INSTANCE;

  private InterceptorOrder() {}

  /**
   * The priority of the {@code @OnOneInstance} interceptor, Fenced's base.
   *
   * @param config the application's config
   * @return {@link FencedPriorities#ON_ONE_INSTANCE}, or the configured base
   */
  public static int onOneInstance(ConfigLookup config) {
    return integer(config, FENCED).orElse(FencedPriorities.ON_ONE_INSTANCE);
  }

  /**
   * The priority of the {@code @WithoutOverlapping} interceptor: one above the base, inside the
   * one-instance lease.
   *
   * @param config the application's config
   * @return {@link FencedPriorities#WITHOUT_OVERLAPPING}, or the configured base plus one
   */
  public static int withoutOverlapping(ConfigLookup config) {
    return onOneInstance(config)
        + (FencedPriorities.WITHOUT_OVERLAPPING - FencedPriorities.ON_ONE_INSTANCE);
  }

  /**
   * The priority of the {@code @Idempotent} interceptor.
   *
   * @param config the application's config
   * @return {@link FencedPriorities#IDEMPOTENT}, or the configured base plus two; the default when
   *     the configured value is not an integer (reported by {@link #problems})
   */
  public static int idempotent(ConfigLookup config) {
    return integer(config, FENCED)
        .map(base -> base + IDEMPOTENT_OFFSET)
        .orElse(FencedPriorities.IDEMPOTENT);
  }

  /**
   * The priority of the witness of an {@code @Idempotent} method's body: one above Fault
   * Tolerance's, so it sees each attempt of the body and nothing Fault Tolerance made of it.
   *
   * @param config the application's config
   * @return {@link FencedPriorities#IDEMPOTENT_BODY}, or the configured Fault Tolerance priority
   *     plus one
   */
  public static int idempotentBody(ConfigLookup config) {
    return integer(config, FAULT_TOLERANCE)
        .map(ft -> ft + 1)
        .orElse(FencedPriorities.IDEMPOTENT_BODY);
  }

  /**
   * What is wrong with the priorities.
   *
   * @param config the application's config
   * @return the problems, empty when Fenced runs outside Fault Tolerance
   */
  public static List<String> problems(ConfigLookup config) {
    List<String> problems = new ArrayList<>();
    for (String key : List.of(FENCED, FAULT_TOLERANCE)) {
      Optional<String> raw = config.value(key).map(String::strip);
      if (raw.isPresent() && integer(config, key).isEmpty()) {
        problems.add(
            DeploymentProblem.CONFIG_VALUE_INVALID.format(
                key, raw.get(), "an integer; use a whole number"));
      }
    }
    if (!problems.isEmpty()) {
      return problems;
    }
    int idempotent = idempotent(config);
    int faultTolerance = integer(config, FAULT_TOLERANCE).orElse(FencedPriorities.FAULT_TOLERANCE);
    if (faultTolerance <= idempotent) {
      problems.add(
          DeploymentProblem.INSIDE_FAULT_TOLERANCE.format(
              describe(config, FAULT_TOLERANCE, faultTolerance),
              describe(config, FENCED, idempotent),
              FAULT_TOLERANCE,
              idempotent,
              FENCED,
              faultTolerance - IDEMPOTENT_OFFSET));
    }
    return problems;
  }

  private static String describe(ConfigLookup config, String key, int value) {
    return config
        .value(key)
        .map(raw -> value + ", from " + key + "=" + raw.strip())
        .orElse(value + ", the default");
  }

  private static Optional<Integer> integer(ConfigLookup config, String key) {
    try {
      return config.value(key).map(String::strip).map(Integer::valueOf);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
