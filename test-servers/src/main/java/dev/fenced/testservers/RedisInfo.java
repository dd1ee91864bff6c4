package dev.fenced.testservers;

import java.util.Optional;

/**
 * Reads one field of a reply to {@code INFO} or {@code CLUSTER INFO}: lines of {@code name:value}.
 */
final class RedisInfo {

  private RedisInfo() {}

  /**
   * The value of a field.
   *
   * @param reply the reply's text
   * @param name the field's name, e.g. {@code role}
   * @return its value, stripped, or empty when the reply has no such field
   */
  static Optional<String> field(String reply, String name) {
    String prefix = name + ":";
    return reply
        .lines()
        .filter(line -> line.startsWith(prefix))
        .map(line -> line.substring(prefix.length()).strip())
        .findFirst();
  }

  /**
   * Whether a field has a value.
   *
   * @param reply the reply's text
   * @param name the field's name
   * @param value the expected value
   * @return whether the reply has the field with that value
   */
  static boolean has(String reply, String name, String value) {
    return field(reply, name).filter(value::equals).isPresent();
  }
}
