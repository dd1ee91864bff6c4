package dev.fenced.core.metrics;

/** The store calls Fenced makes, named as metrics report them ({@link #attributeValue()}). */
public enum StoreOperation {
  /** {@code IdempotencyStore.acquire}: claim a key or read what holds it. */
  IDEMPOTENCY_ACQUIRE("idempotency.acquire"),
  /** {@code IdempotencyStore.complete}: record an outcome. */
  IDEMPOTENCY_COMPLETE("idempotency.complete"),
  /** {@code CompletionWithWork.completeWithWork}: record an outcome in the caller's transaction. */
  IDEMPOTENCY_COMPLETE_WITH_WORK("idempotency.complete_with_work"),
  /** {@code CompletionWithWork.markCommitted}: mark a claim committed with the work. */
  IDEMPOTENCY_MARK_COMMITTED("idempotency.mark_committed"),
  /** {@code IdempotencyStore.extend}: renew a claim. */
  IDEMPOTENCY_EXTEND("idempotency.extend"),
  /** {@code IdempotencyStore.release}: drop a claim without an outcome. */
  IDEMPOTENCY_RELEASE("idempotency.release"),
  /** {@code LockStore.acquire}: take a lock or lease. */
  LOCK_ACQUIRE("lock.acquire"),
  /** {@code LockStore.renew}: renew a lock or lease. */
  LOCK_RENEW("lock.renew"),
  /** {@code LockStore.release}: release a lock or lease. */
  LOCK_RELEASE("lock.release");

  private final String attributeValue;

  StoreOperation(String attributeValue) {
    this.attributeValue = attributeValue;
  }

  /**
   * The operation's name in metrics, e.g. {@code idempotency.acquire}.
   *
   * @return the name
   */
  public String attributeValue() {
    return attributeValue;
  }
}
