package dev.fenced.example.mariadb;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.store.spi.StoreLimits;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * A key as the tables hold it: its strict UTF-8 and the SHA-256 of that, the primary key. Also the
 * checks every method makes on its arguments before it touches the database: a string without a
 * UTF-8 form (a lone UTF-16 surrogate) or longer than its column, and a ttl out of bounds, are
 * refused with {@link IllegalArgumentException}.
 *
 * @param hash the SHA-256 of {@code bytes}, 32 bytes
 * @param bytes the key's UTF-8
 */
record StoredKey(byte[] hash, byte[] bytes) {

  /** The longest key and fingerprint in bytes: their {@code BLOB} column's size. */
  static final int MAX_KEY_BYTES = 65_535;

  /** The longest owner in bytes: its {@code VARBINARY(1024)} column. */
  static final int MAX_OWNER_BYTES = 1024;

  /**
   * The key as stored.
   *
   * @param key the caller's key
   * @return its bytes and their hash
   * @throws IllegalArgumentException when it has no UTF-8 form or is too long
   */
  static StoredKey of(String key) {
    byte[] bytes = utf8(key, "key", MAX_KEY_BYTES);
    try {
      return new StoredKey(MessageDigest.getInstance("SHA-256").digest(bytes), bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /**
   * An owner as stored.
   *
   * @param owner the caller's owner id
   * @return its UTF-8
   * @throws IllegalArgumentException when it has no UTF-8 form or is longer than {@value
   *     #MAX_OWNER_BYTES} bytes
   */
  static byte[] owner(String owner) {
    return utf8(owner, "owner", MAX_OWNER_BYTES);
  }

  /**
   * A fingerprint as stored.
   *
   * @param fingerprint the caller's fingerprint
   * @return its UTF-8
   * @throws IllegalArgumentException when it has no UTF-8 form or is too long
   */
  static byte[] fingerprint(String fingerprint) {
    return utf8(fingerprint, "fingerprint", MAX_KEY_BYTES);
  }

  /**
   * Checks a ttl.
   *
   * @param ttlMillis the caller's ttl
   * @return it, when between 1 and {@link StoreLimits#MAX_TTL_MILLIS}
   * @throws IllegalArgumentException otherwise
   */
  static long ttl(long ttlMillis) {
    if (ttlMillis < 1 || ttlMillis > StoreLimits.MAX_TTL_MILLIS) {
      throw new IllegalArgumentException(
          "MariaDB store: a ttl must be from 1 to "
              + StoreLimits.MAX_TTL_MILLIS
              + " ms (StoreLimits.MAX_TTL_MILLIS), was "
              + ttlMillis);
    }
    return ttlMillis;
  }

  /**
   * The UTF-8 of {@code value}, refusing what a lenient encoder (Java's {@code String.getBytes},
   * the JDBC driver) would silently turn into {@code '?'}: a lone surrogate would otherwise meet
   * the key that really holds a {@code '?'} there.
   */
  private static byte[] utf8(String value, String what, int maxBytes) {
    Objects.requireNonNull(value, what);
    CharsetEncoder encoder =
        UTF_8
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    CharBuffer chars = CharBuffer.wrap(value);
    ByteBuffer encoded;
    try {
      encoded = encoder.encode(chars);
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(
          "MariaDB store: the "
              + what
              + " holds a lone UTF-16 surrogate at index "
              + chars.position()
              + ", which has no UTF-8 form: the store refuses it rather than keep another "
              + what,
          e);
    }
    if (encoded.remaining() > maxBytes) {
      throw new IllegalArgumentException(
          "MariaDB store: the "
              + what
              + " is "
              + encoded.remaining()
              + " bytes long in UTF-8; the store keeps at most "
              + maxBytes);
    }
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    return bytes;
  }
}
