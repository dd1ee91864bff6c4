package dev.fenced.cdi.deployment;

import dev.fenced.cdi.config.ConfigKeys;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.core.config.DurationParser;
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
 */
public record LockGlobals(Duration ttl, boolean interruptOnLoss) {

  /** The area of the global keys: {@code fenced.locks.*}. */
  public static final String AREA = "locks";

  /** The default ttl of locks, leases and elections. */
  public static final String DEFAULT_TTL = "30s";

  /** {@code fenced.locks.ttl}. */
  public static final String TTL = ConfigKeys.global(AREA, "ttl");

  /** {@code fenced.locks.interrupt-on-loss}. */
  public static final String INTERRUPT_ON_LOSS = ConfigKeys.global(AREA, "interruptOnLoss");

  /**
   * The settings, each invalid value replaced by its default (see {@link #problems}).
   *
   * @param config the application's config
   * @return the settings
   */
  public static LockGlobals of(ConfigLookup config) {
    Duration ttl;
    try {
      ttl = config.value(TTL).flatMap(v -> DurationParser.parsePositive(TTL, v)).orElse(null);
    } catch (IllegalArgumentException e) {
      ttl = null;
    }
    return new LockGlobals(
        ttl == null ? Duration.ofSeconds(30) : ttl, !interruptValue(config).equals("false"));
  }

  /**
   * Every invalid global value, each message naming the key and the value.
   *
   * @param config the application's config
   * @return the problems, empty when all are valid
   */
  public static List<String> problems(ConfigLookup config) {
    List<String> problems = new ArrayList<>();
    config
        .value(TTL)
        .ifPresent(
            value -> {
              try {
                DurationParser.parsePositive(TTL, value);
              } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
              }
            });
    Optional.of(interruptValue(config))
        .filter(v -> !v.equals("true") && !v.equals("false"))
        .ifPresent(
            v ->
                problems.add(
                    INTERRUPT_ON_LOSS
                        + "="
                        + v
                        + " is not a boolean; use true (the default) or false"));
    return problems;
  }

  private static String interruptValue(ConfigLookup config) {
    return config
        .value(INTERRUPT_ON_LOSS)
        .map(v -> v.strip().toLowerCase(Locale.ROOT))
        .orElse("true");
  }
}
