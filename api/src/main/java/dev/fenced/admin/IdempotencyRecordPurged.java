package dev.fenced.admin;

import java.util.Objects;

/**
 * CDI event fired on the instance where an operator purged an idempotency record ({@link
 * FencedAdmin#purgeIdempotencyRecord}).
 *
 * @param recordKey the record key
 * @param state where the record stood when it was purged
 */
public record IdempotencyRecordPurged(String recordKey, IdempotencyRecordState state) {

  /**
   * Validates the components.
   *
   * @param recordKey never {@code null}
   * @param state never {@code null}
   */
  public IdempotencyRecordPurged {
    Objects.requireNonNull(recordKey, "recordKey");
    Objects.requireNonNull(state, "state");
  }
}
