package dev.fenced.core.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * What a request or call was, as a SHA-256 digest in lowercase hex: two requests with one key are
 * the same request when their fingerprints match. Made by {@link FingerprintCalculator}.
 *
 * @param value 64 lowercase hex characters, as stored with the record
 */
public record Fingerprint(String value) {

  /**
   * Validates the value.
   *
   * @param value the digest text, never {@code null}
   */
  public Fingerprint {
    Objects.requireNonNull(value, "value");
  }

  /**
   * Compares with a stored fingerprint in time that does not depend on where they differ, so a
   * caller cannot learn a stored fingerprint byte by byte.
   *
   * @param stored the fingerprint a store reported
   * @return whether they are equal
   */
  public boolean matches(String stored) {
    return stored != null
        && MessageDigest.isEqual(
            value.getBytes(StandardCharsets.UTF_8), stored.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return value;
  }
}
