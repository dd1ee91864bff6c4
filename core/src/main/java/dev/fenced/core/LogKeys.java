package dev.fenced.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Lock and record keys as they appear in logs: long lock keys are cut, and idempotency record keys,
 * which hold a caller's scope and key, appear only as a digest.
 */
public final class LogKeys {

  private static final int SHOWN = 32;

  private LogKeys() {}

  /**
   * The key as logged.
   *
   * @param key a lock or record key
   * @return up to 32 characters of {@code key}, with a hash of the whole key when longer
   */
  public static String of(String key) {
    if (key.length() <= SHOWN) {
      return "'" + key + "'";
    }
    return "'"
        + key.substring(0, SHOWN)
        + "…' (#"
        + Integer.toHexString(key.hashCode())
        + ", "
        + key.length()
        + " chars)";
  }

  /**
   * An idempotency record key as logged: a digest that lets lines about one record be matched
   * without revealing the caller's scope or key.
   *
   * @param recordKey the record key
   * @return {@code #} and the first 12 hex digits of the key's SHA-256
   */
  public static String digest(String recordKey) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(recordKey.getBytes(StandardCharsets.UTF_8));
      return "#" + HexFormat.of().formatHex(hash, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
