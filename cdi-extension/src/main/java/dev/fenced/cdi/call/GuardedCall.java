package dev.fenced.cdi.call;

import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.StoreIf;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * One non-HTTP call to run once per key, everything resolved.
 *
 * @param target what is called, for events and logs: {@code com.example.Shipping.onPaid}
 * @param key the caller's key, validated
 * @param recordKey the key of the record in the store
 * @param fingerprint what the call was, to tell a different call under the same key
 * @param options ttl, lock ttl, conflict policy and wait timeout
 * @param resultType the generic type the outcome is stored and replayed as; {@code void.class} for
 *     none; for a staged call, the type of the stage's value
 * @param storeIf which outcomes are stored
 * @param staged whether the call returns a {@code CompletionStage} whose value is the outcome,
 *     recorded when the stage completes
 * @param failures which of the call's exceptions are its outcome, and how a replay throws them
 */
public record GuardedCall(
    String target,
    String key,
    RecordKey recordKey,
    Fingerprint fingerprint,
    ExecutionOptions options,
    Type resultType,
    StoreIf storeIf,
    boolean staged,
    FailureOutcomes failures) {

  /**
   * Validates the components.
   *
   * @param target never {@code null}
   * @param key never {@code null}
   * @param recordKey never {@code null}
   * @param fingerprint never {@code null}
   * @param options never {@code null}
   * @param resultType never {@code null}
   * @param storeIf never {@code null}
   * @param staged whether the call returns a stage
   * @param failures never {@code null}
   */
  public GuardedCall {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(resultType, "resultType");
    Objects.requireNonNull(storeIf, "storeIf");
    Objects.requireNonNull(failures, "failures");
  }

  /**
   * A call whose exceptions all release the key.
   *
   * @param target never {@code null}
   * @param key never {@code null}
   * @param recordKey never {@code null}
   * @param fingerprint never {@code null}
   * @param options never {@code null}
   * @param resultType never {@code null}
   * @param storeIf never {@code null}
   * @param staged whether the call returns a stage
   */
  public GuardedCall(
      String target,
      String key,
      RecordKey recordKey,
      Fingerprint fingerprint,
      ExecutionOptions options,
      Type resultType,
      StoreIf storeIf,
      boolean staged) {
    this(
        target,
        key,
        recordKey,
        fingerprint,
        options,
        resultType,
        storeIf,
        staged,
        FailureOutcomes.NONE);
  }

  /**
   * A call whose outcome is what it returns.
   *
   * @param target never {@code null}
   * @param key never {@code null}
   * @param recordKey never {@code null}
   * @param fingerprint never {@code null}
   * @param options never {@code null}
   * @param resultType never {@code null}
   * @param storeIf never {@code null}
   */
  public GuardedCall(
      String target,
      String key,
      RecordKey recordKey,
      Fingerprint fingerprint,
      ExecutionOptions options,
      Type resultType,
      StoreIf storeIf) {
    this(target, key, recordKey, fingerprint, options, resultType, storeIf, false);
  }
}
