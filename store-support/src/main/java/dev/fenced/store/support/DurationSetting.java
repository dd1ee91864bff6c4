package dev.fenced.store.support;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A store's duration setting as written in MicroProfile Config: a whole number of milliseconds
 * ({@code "500"}, {@code "500ms"}), seconds ({@code "5s"}) or minutes ({@code "1m"}), at most 12
 * digits, spaces around it and case ignored; at least 1 ms, at most what the store accepts. The
 * message naming the config key of a value that is not one is the store's.
 */
public final class DurationSetting {

  private static final Pattern DURATION = Pattern.compile("(\\d{1,12})\\s*(ms|s|m)?");

  private DurationSetting() {}

  /**
   * Reads {@code value} as a duration from 1 ms to {@code longest}.
   *
   * @param value the configured value, not {@code null}
   * @param longest the longest duration the store accepts
   * @return the duration, or empty when {@code value} is not written as one or is out of range
   */
  public static Optional<Duration> read(String value, Duration longest) {
    Matcher m = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      return Optional.empty();
    }
    long amount = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "ms" : m.group(2);
    Duration duration =
        switch (unit) {
          case "s" -> Duration.ofSeconds(amount);
          case "m" -> Duration.ofMinutes(amount);
          default -> Duration.ofMillis(amount);
        };
    return duration.toMillis() >= 1 && duration.compareTo(longest) <= 0
        ? Optional.of(duration)
        : Optional.empty();
  }
}
