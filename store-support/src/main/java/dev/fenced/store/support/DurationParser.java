package dev.fenced.store.support;

import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses Fenced's duration strings, the one notation of every duration Fenced reads (annotation
 * members, the engines' config keys, the stores' keys): a whole number with one unit, {@code ms},
 * {@code s}, {@code m}, {@code h} or {@code d} ({@code "200ms"}, {@code "45s"}, {@code "15m"},
 * {@code "48h"}, {@code "7d"}), an ISO-8601 duration as {@link Duration#parse} reads it ({@code
 * "PT45S"}, {@code "PT0.5S"}, {@code "P7D"}, the form MicroProfile Config and {@code
 * java.time.Duration#toString} write), or {@code "0"}. A number without a unit is refused (other
 * than zero): {@code lockTtl = "60"} was 60 milliseconds, a renewal every 20 ms, which no operator
 * means.
 *
 * <p>Rules: units are lower case ({@code "15M"} is refused, so it can never be read as months);
 * digits are ASCII; no sign, fraction or inner space ({@code "-5s"}, {@code "1.5s"}, {@code "45 s"}
 * are refused); an ISO-8601 duration may have a fraction of seconds but must be a whole number of
 * milliseconds and not negative ({@code "PT0.0001S"} and {@code "-PT5S"} are refused); leading and
 * trailing whitespace is ignored, because properties files keep trailing spaces. An empty or blank
 * string means "inherit": {@link #parse} answers {@link Optional#empty()} for it, and {@link
 * #parseRequired} refuses it. Every duration must fit in a {@code long} of milliseconds, since the
 * stores take whole milliseconds.
 *
 * <p>Errors are {@link IllegalArgumentException}s whose message names the option, quotes the bad
 * value and shows the accepted forms, ready for a deployment problem.
 */
public final class DurationParser {

  /** The accepted forms, as error messages show them. */
  public static final String ACCEPTED_FORMS =
      "use a number with ms, s, m, h or d (\"45s\", \"500ms\"), an ISO-8601 duration"
          + " (\"PT45S\"), or \"0\"";

  private static final Pattern DURATION = Pattern.compile("([0-9]+)(ms|s|m|h|d)?");

  /**
   * What {@link Duration#parse} reads, without a sign in front; {@link Duration#parse} checks the
   * rest.
   */
  private static final Pattern ISO_8601 = Pattern.compile("[Pp][-+0-9A-Za-z.,]+");

  private static final long NANOS_PER_MILLI = 1_000_000;
  private static final int MAX_QUOTED_LENGTH = 64;

  private DurationParser() {}

  /**
   * Parses a duration that may be empty.
   *
   * @param option the option's name for messages, such as {@code fenced.idempotency.ttl}
   * @param value the configured text; {@code null}, empty or blank means "inherit"
   * @return the duration, zero or more, or empty to inherit
   * @throws IllegalArgumentException when {@code value} is not a duration or is too large
   */
  public static Optional<Duration> parse(String option, String value) {
    Objects.requireNonNull(option, "option");
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    String text = value.strip();
    if (ISO_8601.matcher(text).matches()) {
      return Optional.of(iso8601(option, value, text));
    }
    Matcher matcher = DURATION.matcher(text);
    if (!matcher.matches()) {
      throw new IllegalArgumentException(
          option + ": " + quote(value) + " is not a duration; " + ACCEPTED_FORMS);
    }
    if (matcher.group(2) == null && !matcher.group(1).chars().allMatch(c -> c == '0')) {
      throw new IllegalArgumentException(
          option
              + ": "
              + quote(value)
              + " has no unit; write "
              + value.strip()
              + "s or "
              + value.strip()
              + "ms ("
              + ACCEPTED_FORMS.substring("use ".length())
              + ")");
    }
    try {
      long amount = Long.parseLong(matcher.group(1));
      long millis = Math.multiplyExact(amount, millisPerUnit(matcher.group(2)));
      return Optional.of(Duration.ofMillis(millis));
    } catch (NumberFormatException | ArithmeticException e) {
      throw tooLarge(option, value, e);
    }
  }

  private static Duration iso8601(String option, String value, String text) {
    Duration duration;
    try {
      duration = Duration.parse(text);
    } catch (DateTimeParseException e) {
      // the digits of one field overflow a long (NumberFormatException) or its seconds do
      if (e.getCause() instanceof ArithmeticException
          || e.getCause() instanceof NumberFormatException) {
        throw tooLarge(option, value, e);
      }
      throw new IllegalArgumentException(
          option + ": " + quote(value) + " is not a duration; " + ACCEPTED_FORMS, e);
    }
    if (duration.isNegative()) {
      throw new IllegalArgumentException(
          option + ": " + quote(value) + " is negative; " + ACCEPTED_FORMS);
    }
    if (duration.getNano() % NANOS_PER_MILLI != 0) {
      throw new IllegalArgumentException(
          option
              + ": "
              + quote(value)
              + " is not a whole number of milliseconds; the stores take milliseconds");
    }
    try {
      duration.toMillis();
    } catch (ArithmeticException e) {
      throw tooLarge(option, value, e);
    }
    return duration;
  }

  private static IllegalArgumentException tooLarge(String option, String value, Exception cause) {
    return new IllegalArgumentException(
        option
            + ": "
            + quote(value)
            + " is too large; use at most "
            + Long.MAX_VALUE
            + " milliseconds (about 292 million years)",
        cause);
  }

  /**
   * Parses a duration that must be present.
   *
   * @param option the option's name for messages
   * @param value the configured text
   * @return the duration, zero or more
   * @throws IllegalArgumentException when {@code value} is empty, blank, not a duration or too
   *     large
   */
  public static Duration parseRequired(String option, String value) {
    return parse(option, value)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    option + ": a duration is required, the value is empty; " + ACCEPTED_FORMS));
  }

  /**
   * Parses a duration that may be empty and must be positive when present. Positive durations are
   * what the stores are given (ttls) or compared with, so they are bounded by {@link
   * StoreLimits#MAX_TTL_MILLIS}, the longest expiry every store keeps.
   *
   * @param option the option's name for messages
   * @param value the configured text; {@code null}, empty or blank means "inherit"
   * @return the positive duration, or empty to inherit
   * @throws IllegalArgumentException when {@code value} is not a duration, zero or longer than
   *     {@link StoreLimits#MAX_TTL_MILLIS}
   */
  public static Optional<Duration> parsePositive(String option, String value) {
    Optional<Duration> duration = parseZeroOrMore(option, value);
    duration.ifPresent(
        d -> {
          if (d.isZero()) {
            throw new IllegalArgumentException(
                option + ": " + quote(value) + " must be positive; use 1 millisecond or more");
          }
        });
    return duration;
  }

  /**
   * Parses a duration that may be empty, and may be zero, when it is handed to a store as a ttl
   * only when positive (a minimum hold): bounded by {@link StoreLimits#MAX_TTL_MILLIS} like {@link
   * #parsePositive}.
   *
   * @param option the option's name for messages
   * @param value the configured text; {@code null}, empty or blank means "inherit"
   * @return the duration, zero or more, or empty to inherit
   * @throws IllegalArgumentException when {@code value} is not a duration or longer than {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   */
  public static Optional<Duration> parseZeroOrMore(String option, String value) {
    Optional<Duration> duration = parse(option, value);
    duration.ifPresent(
        d -> {
          if (d.toMillis() > StoreLimits.MAX_TTL_MILLIS) {
            throw tooLong(option, quote(value));
          }
        });
    return duration;
  }

  /**
   * Checks that a duration is positive.
   *
   * @param option the option's name for messages
   * @param duration the duration to check
   * @return {@code duration}
   * @throws IllegalArgumentException when {@code duration} is zero, negative or longer than {@link
   *     StoreLimits#MAX_TTL_MILLIS}
   * @throws NullPointerException when {@code duration} is {@code null}
   */
  public static Duration requirePositive(String option, Duration duration) {
    Objects.requireNonNull(duration, option);
    if (duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException(
          option + ": " + duration + " must be positive; use 1 millisecond or more");
    }
    if (duration.compareTo(Duration.ofMillis(StoreLimits.MAX_TTL_MILLIS)) > 0) {
      throw tooLong(option, duration.toString());
    }
    return duration;
  }

  private static IllegalArgumentException tooLong(String option, String shown) {
    return new IllegalArgumentException(
        option
            + ": "
            + shown
            + " is longer than the stores keep an expiry; use at most 3650d ("
            + StoreLimits.MAX_TTL_MILLIS
            + " milliseconds)");
  }

  private static long millisPerUnit(String unit) {
    if (unit == null) {
      return 1;
    }
    return switch (unit) {
      case "ms" -> 1;
      case "s" -> 1_000;
      case "m" -> 60_000;
      case "h" -> 3_600_000;
      case "d" -> 86_400_000;
      default -> throw new IllegalStateException("unit " + unit);
    };
  }

  private static String quote(String value) {
    String shown =
        value.length() > MAX_QUOTED_LENGTH
            ? value.substring(0, MAX_QUOTED_LENGTH) + "...(" + value.length() + " characters)"
            : value;
    return "\"" + shown + "\"";
  }
}
