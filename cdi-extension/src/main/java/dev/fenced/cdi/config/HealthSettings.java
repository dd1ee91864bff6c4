package dev.fenced.cdi.config;

import dev.fenced.store.support.DurationParser;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The settings of {@code fenced-health}'s readiness checks, read here so that an invalid value
 * fails the deployment with the other global keys, whether or not the application ships the checks.
 *
 * @param timeout {@value #TIMEOUT}, default 800 ms: the longest a readiness check waits for its
 *     store before it answers DOWN
 */
public record HealthSettings(Duration timeout) {

  /** The key of the longest a readiness check waits for its store. */
  public static final String TIMEOUT = "fenced.health.timeout";

  /** Below Kubernetes' default probe timeout of 1 s, with the two checks asked side by side. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(800);

  /**
   * Checks the settings.
   *
   * @param timeout positive
   */
  public HealthSettings {
    DurationParser.requirePositive(TIMEOUT, Objects.requireNonNull(timeout, TIMEOUT));
  }

  /**
   * The settings, each invalid value replaced by its default (see {@link #problems}).
   *
   * @param config the application's config
   * @return the settings
   */
  public static HealthSettings of(ConfigLookup config) {
    try {
      return new HealthSettings(
          config
              .value(TIMEOUT)
              .flatMap(value -> DurationParser.parsePositive(TIMEOUT, value))
              .orElse(DEFAULT_TIMEOUT));
    } catch (IllegalArgumentException e) {
      return new HealthSettings(DEFAULT_TIMEOUT);
    }
  }

  /**
   * Every invalid value, each message naming the key and the value.
   *
   * @param config the application's config
   * @return the problems, empty when all are valid
   */
  public static List<String> problems(ConfigLookup config) {
    return config.durationProblem(TIMEOUT).stream().toList();
  }
}
