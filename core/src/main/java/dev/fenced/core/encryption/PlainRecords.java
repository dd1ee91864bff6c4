package dev.fenced.core.encryption;

/**
 * The sealer while encryption is off: payloads are stored as they are. A stored record in the
 * sealed envelope ({@code v1.…}) is refused rather than handed to the decoders: it cannot be a
 * plain outcome (those are JSON objects), and the likely cause, the keys removed from the
 * configuration, deserves a message that says so.
 */
public final class PlainRecords implements RecordSealer {

  /** The one instance. */
  public static final PlainRecords INSTANCE = new PlainRecords();

  private PlainRecords() {}

  @Override
  public byte[] seal(String recordKey, byte[] payload) {
    return payload.clone();
  }

  @Override
  public byte[] open(String recordKey, byte[] stored) throws UnreadableRecordException {
    if (SealedEnvelope.looksSealed(stored)) {
      throw new UnreadableRecordException(
          "the record is encrypted, but "
              + KeyRing.OPTION
              + " is not set; configure the keys it was sealed with");
    }
    return stored.clone();
  }

  @Override
  public String toString() {
    return "PlainRecords";
  }
}
