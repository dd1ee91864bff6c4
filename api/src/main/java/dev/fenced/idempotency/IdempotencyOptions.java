package dev.fenced.idempotency;

import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of one programmatic {@link Idempotency#execute} call. Immutable: every {@code with}
 * method returns a copy. Unset durations take the configured defaults ({@code
 * fenced.idempotency.ttl}, {@code fenced.idempotency.lock-ttl}).
 */
public final class IdempotencyOptions {

  private static final IdempotencyOptions DEFAULTS =
      new IdempotencyOptions(null, null, OnConflict.REJECT, null, Object.class);

  private final Duration ttl;
  private final Duration lockTtl;
  private final OnConflict onConflict;
  private final Duration waitTimeout;
  private final Type resultType;

  private IdempotencyOptions(
      Duration ttl,
      Duration lockTtl,
      OnConflict onConflict,
      Duration waitTimeout,
      Type resultType) {
    this.ttl = ttl;
    this.lockTtl = lockTtl;
    this.onConflict = onConflict;
    this.waitTimeout = waitTimeout;
    this.resultType = resultType;
  }

  /**
   * The configured defaults, rejecting concurrent duplicates.
   *
   * @return the default options
   */
  public static IdempotencyOptions defaults() {
    return DEFAULTS;
  }

  /**
   * How long the outcome is kept.
   *
   * @param ttl a positive duration
   * @return a copy with this ttl
   */
  public IdempotencyOptions withTtl(Duration ttl) {
    return new IdempotencyOptions(
        positive(ttl, "ttl"), lockTtl, onConflict, waitTimeout, resultType);
  }

  /**
   * How long the in-flight lock survives without renewal; renewed every third of it.
   *
   * @param lockTtl a positive duration
   * @return a copy with this lock ttl
   */
  public IdempotencyOptions withLockTtl(Duration lockTtl) {
    return new IdempotencyOptions(
        ttl, positive(lockTtl, "lockTtl"), onConflict, waitTimeout, resultType);
  }

  /**
   * What a concurrent duplicate does.
   *
   * @param onConflict the policy, never {@code null}
   * @return a copy with this policy
   */
  public IdempotencyOptions withOnConflict(OnConflict onConflict) {
    return new IdempotencyOptions(
        ttl, lockTtl, Objects.requireNonNull(onConflict, "onConflict"), waitTimeout, resultType);
  }

  /**
   * How long a waiting duplicate waits ({@link OnConflict#WAIT}).
   *
   * @param waitTimeout a positive duration
   * @return a copy with this timeout
   */
  public IdempotencyOptions withWaitTimeout(Duration waitTimeout) {
    return new IdempotencyOptions(
        ttl, lockTtl, onConflict, positive(waitTimeout, "waitTimeout"), resultType);
  }

  /**
   * The type a replayed result is decoded to (a {@link Class} or a {@code ParameterizedType}).
   *
   * @param resultType the result type, never {@code null}
   * @return a copy with this result type
   */
  public IdempotencyOptions withResultType(Type resultType) {
    return new IdempotencyOptions(
        ttl, lockTtl, onConflict, waitTimeout, Objects.requireNonNull(resultType, "resultType"));
  }

  /**
   * The outcome ttl, when set.
   *
   * @return the ttl, or empty for the configured default
   */
  public Optional<Duration> ttl() {
    return Optional.ofNullable(ttl);
  }

  /**
   * The lock ttl, when set.
   *
   * @return the lock ttl, or empty for the configured default
   */
  public Optional<Duration> lockTtl() {
    return Optional.ofNullable(lockTtl);
  }

  /**
   * The conflict policy.
   *
   * @return the policy, {@link OnConflict#REJECT} unless set
   */
  public OnConflict onConflict() {
    return onConflict;
  }

  /**
   * The wait timeout, when set.
   *
   * @return the timeout, or empty for the lock ttl
   */
  public Optional<Duration> waitTimeout() {
    return Optional.ofNullable(waitTimeout);
  }

  /**
   * The type a replayed result is decoded to.
   *
   * @return the result type, {@code Object.class} unless set
   */
  public Type resultType() {
    return resultType;
  }

  private static Duration positive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
    return value;
  }
}
