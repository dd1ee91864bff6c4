package dev.fenced.tck.encryption.common;

import java.util.Base64;
import java.util.Objects;

/**
 * A completed record as the store holds it, and its text form on {@code /api/records}: the
 * fingerprint, a line break, the payload in base64.
 *
 * @param fingerprint the stored fingerprint
 * @param payload the stored bytes, exactly as the store returned them
 */
public record StoredRecord(String fingerprint, byte[] payload) {

  /**
   * Validates and copies.
   *
   * @param fingerprint never {@code null}
   * @param payload never {@code null}
   */
  public StoredRecord {
    Objects.requireNonNull(fingerprint, "fingerprint");
    payload = Objects.requireNonNull(payload, "payload").clone();
  }

  /**
   * The stored bytes.
   *
   * @return a copy
   */
  @Override
  public byte[] payload() {
    return payload.clone();
  }

  /**
   * The text form.
   *
   * @return fingerprint, line break, base64 payload
   */
  public String toText() {
    return fingerprint + "\n" + Base64.getEncoder().encodeToString(payload);
  }

  /**
   * Reads the text form.
   *
   * @param text what {@link #toText()} wrote
   * @return the record
   */
  public static StoredRecord fromText(String text) {
    String[] lines = text.strip().split("\n", 2);
    if (lines.length != 2) {
      throw new IllegalArgumentException("expected a fingerprint and a payload line");
    }
    return new StoredRecord(lines[0].strip(), Base64.getDecoder().decode(lines[1].strip()));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StoredRecord that
        && fingerprint.equals(that.fingerprint)
        && java.util.Arrays.equals(payload, that.payload);
  }

  @Override
  public int hashCode() {
    return fingerprint.hashCode() * 31 + java.util.Arrays.hashCode(payload);
  }

  @Override
  public String toString() {
    return "StoredRecord[" + fingerprint + ", " + payload.length + " bytes]";
  }
}
