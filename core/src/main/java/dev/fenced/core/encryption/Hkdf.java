package dev.fenced.core.encryption;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA256 (RFC 5869) on the JDK's {@link Mac}: turns a long passphrase into key
 * material of a fixed length. The HMAC is the JDK's; this class only chains it as the RFC says.
 */
public final class Hkdf {

  private static final String HMAC = "HmacSHA256";
  private static final int HASH_LENGTH = 32;

  private Hkdf() {}

  /**
   * Extract, then expand.
   *
   * @param salt the salt; empty means {@code HashLen} zero bytes, as the RFC says
   * @param inputKeyMaterial the secret input
   * @param info the context that separates uses of one input
   * @param length how many bytes to derive, 1 to {@code 255 * 32}
   * @return the output key material
   */
  public static byte[] derive(byte[] salt, byte[] inputKeyMaterial, byte[] info, int length) {
    byte[] prk = extract(salt, inputKeyMaterial);
    try {
      return expand(prk, info, length);
    } finally {
      Arrays.fill(prk, (byte) 0);
    }
  }

  /**
   * HKDF-Extract: {@code PRK = HMAC-Hash(salt, IKM)}.
   *
   * @param salt the salt; empty means {@code HashLen} zero bytes
   * @param inputKeyMaterial the secret input
   * @return the 32-byte pseudorandom key
   */
  public static byte[] extract(byte[] salt, byte[] inputKeyMaterial) {
    Objects.requireNonNull(salt, "salt");
    Objects.requireNonNull(inputKeyMaterial, "inputKeyMaterial");
    Mac mac = mac(salt.length == 0 ? new byte[HASH_LENGTH] : salt);
    return mac.doFinal(inputKeyMaterial);
  }

  /**
   * HKDF-Expand: {@code T(i) = HMAC-Hash(PRK, T(i-1) | info | i)}, concatenated and cut to {@code
   * length}.
   *
   * @param prk a pseudorandom key of at least 32 bytes
   * @param info the context
   * @param length how many bytes, 1 to {@code 255 * 32}
   * @return the output key material
   */
  public static byte[] expand(byte[] prk, byte[] info, int length) {
    Objects.requireNonNull(prk, "prk");
    Objects.requireNonNull(info, "info");
    if (prk.length < HASH_LENGTH) {
      throw new IllegalArgumentException("the pseudorandom key needs at least 32 bytes");
    }
    if (length < 1 || length > 255 * HASH_LENGTH) {
      throw new IllegalArgumentException("HKDF-SHA256 derives 1 to 8160 bytes, not " + length);
    }
    Mac mac = mac(prk);
    byte[] output = new byte[length];
    byte[] previous = new byte[0];
    int written = 0;
    for (int i = 1; written < length; i++) {
      mac.update(previous);
      mac.update(info);
      mac.update((byte) i);
      previous = mac.doFinal();
      int chunk = Math.min(previous.length, length - written);
      System.arraycopy(previous, 0, output, written, chunk);
      written += chunk;
    }
    Arrays.fill(previous, (byte) 0);
    return output;
  }

  private static Mac mac(byte[] key) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(new SecretKeySpec(key, HMAC));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java platform has " + HMAC, e);
    }
  }
}
