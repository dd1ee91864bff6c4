package dev.fenced.core.config;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses Fenced's size strings: whole bytes ({@code "65536"}) or a whole number with one binary
 * unit, {@code B}, {@code KiB}, {@code MiB} or {@code GiB} ({@code "512KiB"}, {@code "1MiB"}).
 *
 * <p>Rules as for durations ({@code DurationParser} in {@code fenced-store-support}): units are
 * case-sensitive, digits ASCII, no sign, fraction or inner space, surrounding whitespace ignored,
 * blank means "inherit". A size is at least 1 byte and at most {@link #MAX_BYTES} (1 GiB): Fenced
 * holds that many bytes in memory. Errors are {@link IllegalArgumentException}s naming the option
 * and quoting the value, ready for a deployment problem.
 */
public final class SizeParser {

  /** The largest accepted size, 1 GiB. */
  public static final long MAX_BYTES = 1L << 30;

  /** The accepted forms, as error messages show them. */
  public static final String ACCEPTED_FORMS =
      "use bytes (\"65536\") or a number with B, KiB, MiB or GiB (\"1MiB\"), from 1 byte to 1GiB";

  private static final Pattern SIZE = Pattern.compile("([0-9]+)(B|KiB|MiB|GiB)?");
  private static final int MAX_QUOTED_LENGTH = 64;

  private SizeParser() {}

  /**
   * Parses a size that may be empty.
   *
   * @param option the option's name for messages, such as {@code
   *     fenced.idempotency.max-request-size}
   * @param value the configured text; {@code null}, empty or blank means "inherit"
   * @return the size in bytes, 1 to {@link #MAX_BYTES}, or empty to inherit
   * @throws IllegalArgumentException when {@code value} is not a size, is zero or is too large
   */
  public static Optional<Long> parse(String option, String value) {
    Objects.requireNonNull(option, "option");
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    Matcher matcher = SIZE.matcher(value.strip());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(
          option + ": " + quote(value) + " is not a size; " + ACCEPTED_FORMS);
    }
    long bytes;
    try {
      bytes = Math.multiplyExact(Long.parseLong(matcher.group(1)), bytesPerUnit(matcher.group(2)));
    } catch (NumberFormatException | ArithmeticException e) {
      bytes = Long.MAX_VALUE;
    }
    if (bytes < 1 || bytes > MAX_BYTES) {
      throw new IllegalArgumentException(
          option + ": " + quote(value) + " is out of range; " + ACCEPTED_FORMS);
    }
    return Optional.of(bytes);
  }

  /**
   * A size as documentation shows it: {@code 1MiB}, {@code 1536KiB}, {@code 100B}.
   *
   * @param bytes the size
   * @return the largest exact unit
   */
  public static String format(long bytes) {
    for (String unit : new String[] {"GiB", "MiB", "KiB"}) {
      long per = bytesPerUnit(unit);
      if (bytes >= per && bytes % per == 0) {
        return bytes / per + unit;
      }
    }
    return bytes + "B";
  }

  private static long bytesPerUnit(String unit) {
    if (unit == null) {
      return 1;
    }
    return switch (unit) {
      case "B" -> 1;
      case "KiB" -> 1L << 10;
      case "MiB" -> 1L << 20;
      case "GiB" -> 1L << 30;
      default -> throw new IllegalStateException("unit " + unit);
    };
  }

  private static String quote(String value) {
    String shown =
        value.length() > MAX_QUOTED_LENGTH ? value.substring(0, MAX_QUOTED_LENGTH) + "..." : value;
    return "\"" + shown + "\"";
  }
}
