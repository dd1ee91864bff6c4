package dev.fenced.tck.store;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.List;

/** Keys that a store must keep apart, built on a test's random prefix. */
final class Keys {

  /** The longest key the suites require a store to keep faithfully: 4 KiB. */
  static final int LONG_KEY_LENGTH = 4096;

  /** Suffixes that differ only in case, Unicode normalization, look-alikes or trailing space. */
  private static final List<String> LOOK_ALIKES =
      List.of(
          "order-a",
          "order-A",
          "stra\u00dfe",
          "STRASSE",
          "strasse",
          "Stra\u00dfe",
          "caf\u00e9",
          "cafe\u0301",
          "\u0131d",
          "id",
          "\u0130d",
          "Id",
          "\u212a",
          "K",
          "k",
          "\uff21",
          "A",
          "a",
          "a ",
          "\ud83d\ude00",
          "\ud83d\ude01");

  /**
   * Suffixes that are not valid Unicode: a lone high surrogate, a lone low one, and a pair in the
   * wrong order. Encoded leniently, each becomes {@code '?'}.
   */
  static final List<String> LONE_SURROGATES =
      List.of("high-\ud800", "low-\udc00", "reversed-\udc00\ud800");

  private Keys() {}

  /** {@code key} as a lenient UTF-8 encoder stores it: each lone surrogate turned into '?'. */
  static String withSurrogatesReplaced(String key) {
    return new String(key.getBytes(UTF_8), UTF_8);
  }

  /** {@code prefix}, padded with {@code 'k'} and ending in {@code last}, {@code length} long. */
  static String padded(String prefix, int length, char last) {
    if (prefix.length() >= length) {
      throw new IllegalArgumentException("prefix longer than " + length + ": " + prefix);
    }
    return prefix + "k".repeat(length - prefix.length() - 1) + last;
  }

  /** A key short enough for an assertion message: its length and its end. */
  static String describe(String key) {
    return key.length() <= 80
        ? key
        : "..." + key.substring(key.length() - 40) + " (" + key.length() + " chars)";
  }

  /** Keys that a case-insensitive, normalizing or space-trimming store would confuse. */
  static List<String> lookAlikes(String prefix) {
    return LOOK_ALIKES.stream().map(suffix -> prefix + suffix).toList();
  }
}
