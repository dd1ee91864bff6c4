package dev.fenced.store.support;

import java.time.Duration;
import java.util.Optional;

/**
 * A store's duration setting as written in MicroProfile Config, in Fenced's one notation ({@link
 * DurationParser}: {@code "500ms"}, {@code "5s"}, {@code "1m"}, {@code "PT5S"}); at least 1 ms, at
 * most what the store accepts. The message naming the config key of a value that is not one is the
 * store's.
 */
public final class DurationSetting {

  /** How a store's message shows the accepted forms after its range. */
  public static final String EXAMPLES = "(\"500ms\", \"5s\", \"1m\", \"PT5S\")";

  private DurationSetting() {}

  /**
   * Reads {@code value} as a duration from 1 ms to {@code longest}.
   *
   * @param value the configured value, not {@code null}
   * @param longest the longest duration the store accepts
   * @return the duration, or empty when {@code value} is not written as one or is out of range
   */
  public static Optional<Duration> read(String value, Duration longest) {
    Optional<Duration> duration;
    try {
      duration = DurationParser.parse("value", value);
    } catch (IllegalArgumentException notADuration) {
      return Optional.empty();
    }
    return duration.filter(d -> d.toMillis() >= 1 && d.compareTo(longest) <= 0);
  }
}
