package dev.fenced.cdi.call;

import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.RecordKey;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The outcomes the guarded calls of one transaction produced, kept with the transaction ({@link
 * Transactions#resource}) until it ends. The key of such a call stays claimed until then, so a
 * second call with the key in the same transaction (a batch that carries a duplicate) cannot claim
 * it: it gets the first call's outcome from here instead of {@code IDEMPOTENCY_KEY_IN_USE}, or
 * {@code IDEMPOTENCY_KEY_REUSED} when it is another call.
 */
final class TransactionOutcomes {

  /** The key the outcomes are kept under in every transaction. */
  static final Object RESOURCE_KEY = TransactionOutcomes.class.getName();

  /**
   * What a call of the transaction produced.
   *
   * @param fingerprint what the call was
   * @param payload its encoded outcome, as it will be stored
   */
  record Produced(Fingerprint fingerprint, byte[] payload) {}

  private final Map<RecordKey, Produced> produced = new ConcurrentHashMap<>();

  /**
   * Keeps what a call produced.
   *
   * @param recordKey the call's record key
   * @param fingerprint the call's fingerprint
   * @param payload its encoded outcome
   */
  void keep(RecordKey recordKey, Fingerprint fingerprint, byte[] payload) {
    produced.put(recordKey, new Produced(fingerprint, payload));
  }

  /**
   * What an earlier call of the transaction produced under a record key.
   *
   * @param recordKey the record key
   * @return it, or empty when no call of this transaction completed under it
   */
  Optional<Produced> find(RecordKey recordKey) {
    return Optional.ofNullable(produced.get(recordKey));
  }
}
