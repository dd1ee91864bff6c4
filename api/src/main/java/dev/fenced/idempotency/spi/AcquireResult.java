package dev.fenced.idempotency.spi;

import java.util.Arrays;
import java.util.Objects;

/**
 * What {@link IdempotencyStore#acquire} found: the lock taken, a live lock, a completed record, or
 * (only from a store that {@linkplain CompletionWithWork#markCommitted marks commits}) work that
 * committed without its outcome.
 */
public sealed interface AcquireResult {

  /** The caller now holds the lock on the key and runs the work. */
  record Acquired() implements AcquireResult {}

  /**
   * Another owner holds a live lock on the key.
   *
   * @param fingerprint the fingerprint stored by the holder
   */
  record InFlight(String fingerprint) implements AcquireResult {

    /**
     * Validates the fingerprint.
     *
     * @param fingerprint never {@code null}
     */
    public InFlight {
      Objects.requireNonNull(fingerprint, "fingerprint");
    }
  }

  /**
   * A live completed record exists for the key.
   *
   * <p>The payload is copied on the way in and out, so neither the store nor the caller can change
   * the other's bytes; {@code equals}, {@code hashCode} and {@code toString} use its contents.
   *
   * @param fingerprint the fingerprint stored with the record
   * @param payload the stored outcome, byte for byte
   */
  record Completed(String fingerprint, byte[] payload) implements AcquireResult {

    /**
     * Validates and copies the components.
     *
     * @param fingerprint never {@code null}
     * @param payload never {@code null}; copied
     */
    public Completed {
      Objects.requireNonNull(fingerprint, "fingerprint");
      payload = Objects.requireNonNull(payload, "payload").clone();
    }

    /**
     * The stored outcome.
     *
     * @return a fresh copy of the payload
     */
    @Override
    public byte[] payload() {
      return payload.clone();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Completed that
          && fingerprint.equals(that.fingerprint)
          && Arrays.equals(payload, that.payload);
    }

    @Override
    public int hashCode() {
      return 31 * fingerprint.hashCode() + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
      return "Completed[fingerprint=" + fingerprint + ", payload=" + payload.length + " bytes]";
    }
  }

  /**
   * The work under the key committed in the caller's transaction together with a {@linkplain
   * CompletionWithWork#markCommitted commit mark}, and the owner's lock has expired without the
   * outcome being recorded (the owner crashed or froze after the commit). The key is never taken
   * over while the mark lives: the work must not run again, and there is no outcome to replay.
   *
   * @param fingerprint the fingerprint stored with the record
   */
  record Committed(String fingerprint) implements AcquireResult {

    /**
     * Validates the fingerprint.
     *
     * @param fingerprint never {@code null}
     */
    public Committed {
      Objects.requireNonNull(fingerprint, "fingerprint");
    }
  }
}
