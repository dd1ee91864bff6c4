package dev.fenced.core.encryption;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * One AES-256 key of the {@link KeyRing} and its id.
 *
 * <p>A configured entry is taken as the key itself when it is a 32-byte key in standard, padded
 * base64 (44 characters, as {@code openssl rand -base64 32} prints it, decoding to exactly 32 bytes
 * and encoding back to the same text); any other entry of at least 32 characters is a passphrase,
 * expanded to 32 bytes with HKDF-SHA256 (a fixed salt and info, so every instance derives the same
 * key). The id is the first 8 bytes of HMAC-SHA256 over a fixed label under the key, in base64url:
 * it tells keys apart and reveals nothing about them. {@link #toString()} shows only the id.
 */
public final class EncryptionKey {

  /** The length of an AES-256 key in bytes. */
  public static final int KEY_BYTES = 32;

  private static final byte[] HKDF_SALT =
      "fenced.idempotency.encryption.keys".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HKDF_INFO =
      "fenced v1 AES-256-GCM outcome key".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ID_LABEL = "fenced v1 key id".getBytes(StandardCharsets.US_ASCII);
  private static final int ID_BYTES = 8;
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{11}");

  private final String id;
  private final SecretKey secret;

  private EncryptionKey(byte[] material) {
    this.secret = new SecretKeySpec(material, "AES");
    this.id = idOf(material);
    Arrays.fill(material, (byte) 0);
  }

  /**
   * The key an entry stands for; the entry must already be valid (see {@link KeyRing#problems}).
   *
   * @param entry a base64 key or a passphrase of at least 32 characters
   * @return the key
   */
  static EncryptionKey of(String entry) {
    Objects.requireNonNull(entry, "entry");
    byte[] raw = base64Key(entry);
    if (raw != null) {
      return new EncryptionKey(raw);
    }
    byte[] passphrase = entry.getBytes(StandardCharsets.UTF_8);
    try {
      return new EncryptionKey(Hkdf.derive(HKDF_SALT, passphrase, HKDF_INFO, KEY_BYTES));
    } finally {
      Arrays.fill(passphrase, (byte) 0);
    }
  }

  /**
   * Whether an entry is used as a key as it is, not expanded as a passphrase.
   *
   * @param entry a configured entry
   * @return {@code true} for 44 characters of padded base64 that decode to 32 bytes
   */
  static boolean isBase64Key(String entry) {
    byte[] raw = base64Key(entry);
    if (raw == null) {
      return false;
    }
    Arrays.fill(raw, (byte) 0);
    return true;
  }

  /**
   * Whether a text has the form of a key id.
   *
   * @param text a part of an envelope
   * @return {@code true} for 11 base64url characters
   */
  static boolean isKeyId(String text) {
    return ID.matcher(text).matches();
  }

  /**
   * The key's id, as it appears in envelopes and logs.
   *
   * @return 11 base64url characters
   */
  public String id() {
    return id;
  }

  SecretKey secret() {
    return secret;
  }

  private static byte[] base64Key(String entry) {
    if (entry.length() != 44) {
      return null;
    }
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(entry);
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (raw.length != KEY_BYTES || !Base64.getEncoder().encodeToString(raw).equals(entry)) {
      Arrays.fill(raw, (byte) 0);
      return null;
    }
    return raw;
  }

  private static String idOf(byte[] material) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(material, "HmacSHA256"));
      byte[] full = mac.doFinal(ID_LABEL);
      return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(full, ID_BYTES));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java platform has HmacSHA256", e);
    }
  }

  @Override
  public String toString() {
    return "EncryptionKey[id=" + id + "]";
  }
}
