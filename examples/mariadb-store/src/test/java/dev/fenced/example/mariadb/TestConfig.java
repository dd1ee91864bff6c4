package dev.fenced.example.mariadb;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** A MicroProfile Config stand-in for the bean's settings: a map of keys to values. */
final class TestConfig {

  private TestConfig() {}

  /**
   * The config holding {@code values}.
   *
   * @param values config keys to values
   * @return a key to its value, empty when absent
   */
  static Function<String, Optional<String>> of(Map<String, String> values) {
    return key -> Optional.ofNullable(values.get(key));
  }
}
