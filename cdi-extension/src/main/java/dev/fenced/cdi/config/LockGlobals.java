package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.store.support.DurationParser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The global {@code fenced.locks.*} settings: checked once at deployment, and the defaults of the
 * {@code Locks} bean and of every job and election that sets no ttl of its own.
 *
 * @param ttl {@code fenced.locks.ttl}, default 30s
 * @param interruptOnLoss {@code fenced.locks.interrupt-on-loss}, default {@code true}
 * @param maxRenewal {@code fenced.locks.max-renewal}, default 24h ({@link
 *     LockSettings#DEFAULT_MAX_RENEWAL}): how long a lock or run lock is renewed at most without
 *     being closed; election and {@code @OnOneInstance} leases have no cap
 */
public record LockGlobals(Duration ttl, boolean interruptOnLoss, Duration maxRenewal) {

  /** The area of the global keys: {@code fenced.locks.*}. */
  public static final String AREA = "locks";

  /** {@code fenced.locks.ttl}. */
  public static final String TTL = ConfigKeys.global(AREA, "ttl");

  /** {@code fenced.locks.interrupt-on-loss}. */
  public static final String INTERRUPT_ON_LOSS = ConfigKeys.global(AREA, "interruptOnLoss");

  /** {@code fenced.locks.max-renewal}. */
  public static final String MAX_RENEWAL = ConfigKeys.global(AREA, "maxRenewal");

  /**
   * The settings, each invalid value replaced by its default (see {@link #problems}).
   *
   * @param config the application's config
   * @return the settings
   */
  public static LockGlobals of(ConfigLookup config) {
    return new LockGlobals(
        duration(config, TTL).orElse(DurationParser.parseRequired(TTL, Defaults.LOCK_TTL)),
        !interruptValue(config).equals("false"),
        duration(config, MAX_RENEWAL).orElse(LockSettings.DEFAULT_MAX_RENEWAL));
  }

  private static Optional<Duration> duration(ConfigLookup config, String key) {
    try {
      return config.value(key).flatMap(v -> DurationParser.parsePositive(key, v));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * Every invalid global value, each message naming the key and the value.
   *
   * @param config the application's config
   * @return the problems, empty when all are valid
   */
  public static List<String> problems(ConfigLookup config) {
    List<String> problems = new ArrayList<>();
    for (String key : List.of(TTL, MAX_RENEWAL)) {
      config.durationProblem(key).ifPresent(problems::add);
    }
    Optional.of(interruptValue(config))
        .filter(v -> !v.equals("true") && !v.equals("false"))
        .ifPresent(
            v ->
                problems.add(
                    DeploymentProblem.CONFIG_VALUE_INVALID.format(
                        INTERRUPT_ON_LOSS, v, "a boolean; use true (the default) or false")));
    return problems;
  }

  private static String interruptValue(ConfigLookup config) {
    return config
        .value(INTERRUPT_ON_LOSS)
        .map(v -> v.strip().toLowerCase(Locale.ROOT))
        .orElse("true");
  }
}
