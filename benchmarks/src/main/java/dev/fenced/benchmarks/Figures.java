package dev.fenced.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How the runners write their figures in the Markdown tables they print. */
final class Figures {

  private Figures() {}

  /** A whole number with thousands separators, or "–" for one not measured. */
  static String number(double value) {
    return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%,.0f", value);
  }

  /** {@code value / base} with two decimals, or "–" when either was not measured. */
  static String ratio(double value, double base) {
    return Double.isNaN(value) || Double.isNaN(base)
        ? "–"
        : String.format(Locale.ROOT, "%.2f", value / base);
  }

  /** A comma-separated list of whole numbers, as the system properties give them. */
  static List<Integer> integers(String list) {
    return Arrays.stream(list.split(",")).map(String::strip).map(Integer::valueOf).toList();
  }
}
