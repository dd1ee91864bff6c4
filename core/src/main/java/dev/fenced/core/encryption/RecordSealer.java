package dev.fenced.core.encryption;

/**
 * Turns an outcome's payload into the bytes the store keeps, and back. The record key is bound to
 * what is stored, so a record copied under another key does not open. Implementations are
 * thread-safe.
 */
public interface RecordSealer {

  /**
   * The bytes to store for {@code payload} under {@code recordKey}.
   *
   * @param recordKey the record key the bytes are stored under
   * @param payload the outcome's payload
   * @return the bytes to hand to the store
   */
  byte[] seal(String recordKey, byte[] payload);

  /**
   * The payload stored under {@code recordKey}.
   *
   * @param recordKey the record key the bytes were read from
   * @param stored what the store returned
   * @return the payload, a copy the caller owns
   * @throws UnreadableRecordException when the bytes are not a record this sealer can open; the
   *     message names the reason, never a key or the payload
   */
  byte[] open(String recordKey, byte[] stored) throws UnreadableRecordException;
}
