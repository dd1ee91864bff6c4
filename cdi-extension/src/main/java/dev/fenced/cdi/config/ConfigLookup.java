package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.store.support.DurationParser;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/** Reads one configuration value by its key: MicroProfile Config in a server, a map in tests. */
@FunctionalInterface
public interface ConfigLookup {

  /**
   * The value of {@code key}.
   *
   * @param key the full config key
   * @return the value, or empty when the key is not set
   */
  Optional<String> value(String key);

  /**
   * The deployment problem of a global duration that is set but not a positive duration.
   *
   * @param key the full config key
   * @return the problem's text naming the key and the value, or empty when the key is unset or
   *     valid
   */
  default Optional<String> durationProblem(String key) {
    return value(key)
        .flatMap(
            v -> {
              try {
                DurationParser.parsePositive(key, v);
                return Optional.empty();
              } catch (IllegalArgumentException e) {
                return Optional.of(
                    DeploymentProblem.CONFIG_DURATION_INVALID.format(e.getMessage()));
              }
            });
  }

  /**
   * Values from MicroProfile Config.
   *
   * @param config the application's config
   * @return a lookup reading {@code config}
   */
  static ConfigLookup of(Config config) {
    Objects.requireNonNull(config, "config");
    return key -> config.getOptionalValue(key, String.class);
  }

  /**
   * Values from a map, for tests.
   *
   * @param values keys and values
   * @return a lookup reading a copy of {@code values}
   */
  static ConfigLookup of(Map<String, String> values) {
    Map<String, String> copy = Map.copyOf(values);
    return key -> Optional.ofNullable(copy.get(key));
  }
}
