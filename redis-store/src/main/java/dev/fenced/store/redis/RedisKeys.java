package dev.fenced.store.redis;

import dev.fenced.DeploymentProblem;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Builds the Redis key names of one store: {@code <prefix><kind>:{<key>}}.
 *
 * <p>The part in braces is a Redis Cluster hash tag, so a lock and its token counter share a slot.
 * Redis takes the tag up to the first {@code '}'}, and a tag that is empty is no tag at all, so the
 * key is percent-escaped inside the braces ({@code %} as {@code %25}, <code>{</code> as {@code
 * %7B}, <code>}</code> as {@code %7D}): the tag is then always the whole key, never empty, and the
 * escaping is reversible, so the key stays readable and faithful in the key name. Strings go to
 * Redis as strict UTF-8; a string that is not valid Unicode (a lone surrogate) is rejected rather
 * than turned into {@code '?'}, which would let two keys meet.
 */
final class RedisKeys {

  private final String prefix;

  /**
   * @param prefix put before every key name, e.g. {@code "orders:fenced:"}; may be empty, must not
   *     hold a brace (it would move the hash tag)
   */
  RedisKeys(String prefix) {
    Objects.requireNonNull(prefix, "keyPrefix");
    if (prefix.indexOf('{') >= 0 || prefix.indexOf('}') >= 0) {
      throw new IllegalArgumentException(DeploymentProblem.REDIS_KEY_PREFIX_INVALID.format(prefix));
    }
    this.prefix = prefix;
  }

  /**
   * The name of a record or counter of {@code kind} for {@code key}.
   *
   * @param kind {@code idem}, {@code lock} or {@code token}
   * @param key the store key, 1 or more characters
   * @return the key name as UTF-8 bytes
   */
  byte[] name(String kind, String key) {
    Objects.requireNonNull(key, "key");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("a store key has 1 or more characters");
    }
    StringBuilder name = new StringBuilder(prefix.length() + kind.length() + key.length() + 8);
    name.append(prefix).append(kind).append(":{");
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      switch (c) {
        case '%' -> name.append("%25");
        case '{' -> name.append("%7B");
        case '}' -> name.append("%7D");
        default -> name.append(c);
      }
    }
    return utf8(name.append('}').toString(), "key");
  }

  /**
   * The channel on which the store's scripts publish the name of a record whose waited-for claim
   * ended: {@code <prefix>claim-ended}, one for all keys of the prefix ({@code claim-ended.lua}
   * derives it from the record's name the same way).
   *
   * @return the channel name as UTF-8 bytes
   */
  byte[] claimEndChannel() {
    return utf8(prefix + "claim-ended", "key prefix");
  }

  /**
   * A {@code SCAN} glob that matches the names of every key of {@code kind} in this store: the
   * prefix and kind with the glob's special characters escaped, then <code>:{*</code>.
   *
   * @param kind {@code idem}, {@code lock} or {@code token}
   * @return the pattern
   */
  String pattern(String kind) {
    StringBuilder glob = new StringBuilder();
    for (char c : (prefix + kind).toCharArray()) {
      if ("*?[]\\^".indexOf(c) >= 0) {
        glob.append('\\');
      }
      glob.append(c);
    }
    return glob.append(":{*").toString();
  }

  /**
   * The key that {@link #name} escaped, read back from a key name (for tools and tests).
   *
   * @param name a name built by {@link #name}
   * @return the store key
   */
  static String keyOf(String name) {
    int open = name.indexOf('{');
    String escaped = name.substring(open + 1, name.length() - 1);
    return escaped.replace("%7D", "}").replace("%7B", "{").replace("%25", "%");
  }

  /**
   * Encodes {@code value} as strict UTF-8.
   *
   * @param what named in the error
   * @throws IllegalArgumentException when {@code value} holds a lone surrogate
   */
  static byte[] utf8(String value, String what) {
    try {
      ByteBuffer bytes =
          StandardCharsets.UTF_8
              .newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .encode(java.nio.CharBuffer.wrap(value));
      return Arrays.copyOfRange(bytes.array(), bytes.arrayOffset(), bytes.limit());
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(
          "the " + what + " is not valid Unicode (a lone surrogate?), so Redis cannot store it", e);
    }
  }
}
