package dev.fenced.core.encryption;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals outcomes with AES-256-GCM ({@code javax.crypto}): a fresh random 96-bit IV per record, the
 * envelope's header and the record key as associated data, the first key of the {@link KeyRing};
 * opens records sealed with any listed key. Fails closed: plain text, a malformed envelope, an
 * unlisted key, a changed byte or another record key all refuse to open. Thread-safe.
 *
 * <p>With random IVs one key should seal fewer than 2<sup>32</sup> records; rotate long before.
 */
public final class OutcomeCipher implements RecordSealer {

  private static final String TRANSFORMATION = "AES/GCM/NoPadding";
  private static final int TAG_BITS = SealedEnvelope.TAG_BYTES * 8;

  private final KeyRing keys;
  private final SecureRandom random;

  /**
   * A cipher over a key ring, with the platform's default {@link SecureRandom}.
   *
   * @param keys the listed keys
   */
  public OutcomeCipher(KeyRing keys) {
    this(keys, new SecureRandom());
  }

  /**
   * A cipher over a key ring.
   *
   * @param keys the listed keys
   * @param random the source of IVs
   */
  public OutcomeCipher(KeyRing keys, SecureRandom random) {
    this.keys = Objects.requireNonNull(keys, "keys");
    this.random = Objects.requireNonNull(random, "random");
  }

  @Override
  public byte[] seal(String recordKey, byte[] payload) {
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(payload, "payload");
    EncryptionKey key = keys.sealingKey();
    byte[] iv = new byte[SealedEnvelope.IV_BYTES];
    random.nextBytes(iv);
    byte[] sealed;
    try {
      Cipher cipher = Cipher.getInstance(TRANSFORMATION);
      cipher.init(Cipher.ENCRYPT_MODE, key.secret(), new GCMParameterSpec(TAG_BITS, iv));
      cipher.updateAAD(SealedEnvelope.associatedData(key.id(), recordKey));
      sealed = cipher.doFinal(payload);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-256-GCM is not available on this platform", e);
    }
    int split = sealed.length - SealedEnvelope.TAG_BYTES;
    return new SealedEnvelope(
            key.id(),
            iv,
            Arrays.copyOfRange(sealed, 0, split),
            Arrays.copyOfRange(sealed, split, sealed.length))
        .toBytes();
  }

  @Override
  public byte[] open(String recordKey, byte[] stored) throws UnreadableRecordException {
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(stored, "stored");
    SealedEnvelope envelope = SealedEnvelope.parse(stored);
    EncryptionKey key =
        keys.find(envelope.keyId())
            .orElseThrow(
                () ->
                    new UnreadableRecordException(
                        "the record was sealed with the key "
                            + envelope.keyId()
                            + ", which "
                            + KeyRing.OPTION
                            + " no longer lists (listed: "
                            + keys.ids()
                            + ")"));
    try {
      Cipher cipher = Cipher.getInstance(TRANSFORMATION);
      cipher.init(Cipher.DECRYPT_MODE, key.secret(), new GCMParameterSpec(TAG_BITS, envelope.iv()));
      cipher.updateAAD(SealedEnvelope.associatedData(key.id(), recordKey));
      return cipher.doFinal(envelope.ciphertextAndTag());
    } catch (AEADBadTagException e) {
      throw new UnreadableRecordException(
          "the record does not authenticate under the key "
              + key.id()
              + ": it was changed, or copied from another record key",
          e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-256-GCM is not available on this platform", e);
    }
  }

  @Override
  public String toString() {
    return "OutcomeCipher[" + keys + "]";
  }
}
