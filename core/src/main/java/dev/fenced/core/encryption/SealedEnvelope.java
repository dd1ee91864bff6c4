package dev.fenced.core.encryption;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * The stored form of a sealed record, ASCII: {@code v1.<keyId>.<iv>.<ciphertext>.<tag>}, each part
 * after the version in unpadded base64url (RFC 4648 §5). The key id names the key without revealing
 * it; the IV is 12 bytes, the GCM tag 16. Parsing is strict: exactly five parts, canonical
 * base64url, exact lengths.
 */
public final class SealedEnvelope {

  /** The version prefix this class writes and the only one it reads. */
  public static final String VERSION = "v1";

  /** The length of the IV in bytes (96 bits, GCM's recommended size). */
  public static final int IV_BYTES = 12;

  /** The length of the GCM authentication tag in bytes. */
  public static final int TAG_BYTES = 16;

  private static final byte[] PREFIX = (VERSION + ".").getBytes(StandardCharsets.US_ASCII);
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private final String keyId;
  private final byte[] iv;
  private final byte[] ciphertext;
  private final byte[] tag;

  /**
   * An envelope of its parts.
   *
   * @param keyId the id of the key that sealed it
   * @param iv the 12-byte IV
   * @param ciphertext the encrypted payload, as long as the payload
   * @param tag the 16-byte authentication tag
   */
  public SealedEnvelope(String keyId, byte[] iv, byte[] ciphertext, byte[] tag) {
    this.keyId = Objects.requireNonNull(keyId, "keyId");
    this.iv = Objects.requireNonNull(iv, "iv").clone();
    this.ciphertext = Objects.requireNonNull(ciphertext, "ciphertext").clone();
    this.tag = Objects.requireNonNull(tag, "tag").clone();
    if (iv.length != IV_BYTES || tag.length != TAG_BYTES) {
      throw new IllegalArgumentException("the IV has 12 bytes and the tag 16");
    }
  }

  /**
   * Whether stored bytes start like an envelope ({@code v1.}), whatever follows.
   *
   * @param stored bytes from a store
   * @return {@code true} when they start with {@code v1.}
   */
  public static boolean looksSealed(byte[] stored) {
    return stored.length >= PREFIX.length
        && Arrays.equals(stored, 0, PREFIX.length, PREFIX, 0, PREFIX.length);
  }

  /**
   * Reads stored bytes as an envelope.
   *
   * @param stored bytes from a store
   * @return the envelope
   * @throws UnreadableRecordException when the bytes are plain text or a malformed envelope
   */
  public static SealedEnvelope parse(byte[] stored) throws UnreadableRecordException {
    if (!looksSealed(stored)) {
      throw new UnreadableRecordException(
          "the record is not encrypted, but encryption is on; a plain-text record is never"
              + " replayed while "
              + KeyRing.OPTION
              + " is set");
    }
    for (byte b : stored) {
      if (b < 0x21 || b > 0x7E) {
        throw malformed();
      }
    }
    String[] parts = new String(stored, StandardCharsets.US_ASCII).split("\\.", -1);
    if (parts.length != 5) {
      throw malformed();
    }
    byte[] iv = decode(parts[2]);
    byte[] tag = decode(parts[4]);
    if (!EncryptionKey.isKeyId(parts[1]) || iv.length != IV_BYTES || tag.length != TAG_BYTES) {
      throw malformed();
    }
    return new SealedEnvelope(parts[1], iv, decode(parts[3]), tag);
  }

  /**
   * The id of the key that sealed this envelope.
   *
   * @return the key id
   */
  public String keyId() {
    return keyId;
  }

  byte[] iv() {
    return iv.clone();
  }

  /** The ciphertext followed by the tag, as the JDK's GCM cipher reads them. */
  byte[] ciphertextAndTag() {
    byte[] joined = Arrays.copyOf(ciphertext, ciphertext.length + tag.length);
    System.arraycopy(tag, 0, joined, ciphertext.length, tag.length);
    return joined;
  }

  /**
   * The associated data a record is sealed with: the envelope's header {@code v1.<keyId>.} and the
   * record key, so neither can be changed without the tag failing.
   *
   * @param keyId the sealing key's id
   * @param recordKey the record key
   * @return the associated data, UTF-8
   */
  static byte[] associatedData(String keyId, String recordKey) {
    return (VERSION + "." + keyId + "." + recordKey).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The stored form.
   *
   * @return {@code v1.<keyId>.<iv>.<ciphertext>.<tag>}, ASCII
   */
  public byte[] toBytes() {
    String text =
        VERSION
            + "."
            + keyId
            + "."
            + ENCODER.encodeToString(iv)
            + "."
            + ENCODER.encodeToString(ciphertext)
            + "."
            + ENCODER.encodeToString(tag);
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] decode(String part) throws UnreadableRecordException {
    byte[] bytes;
    try {
      bytes = DECODER.decode(part);
    } catch (IllegalArgumentException e) {
      throw malformed();
    }
    // the decoder also takes padding and non-zero trailing bits, which the encoder never writes
    if (!ENCODER.encodeToString(bytes).equals(part)) {
      throw malformed();
    }
    return bytes;
  }

  private static UnreadableRecordException malformed() {
    return new UnreadableRecordException(
        "the record starts like an encrypted record but is not a well-formed "
            + VERSION
            + " envelope");
  }

  @Override
  public String toString() {
    return "SealedEnvelope[keyId=" + keyId + ", " + ciphertext.length + " bytes]";
  }
}
