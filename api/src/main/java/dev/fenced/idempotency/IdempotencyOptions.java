package dev.fenced.idempotency;

import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of one programmatic {@link Idempotency#execute} call. Immutable: every {@code with}
 * method returns a copy. Unset durations take the configured defaults ({@code
 * fenced.idempotency.ttl}, {@code fenced.idempotency.lock-ttl}).
 *
 * <p>A call counts its result type and, when given, its {@linkplain #withPayload payload}: a repeat
 * of the key whose result type or payload differs is refused with {@code IDEMPOTENCY_KEY_REUSED}
 * instead of getting the first call's result.
 */
public final class IdempotencyOptions {

  private static final IdempotencyOptions DEFAULTS =
      new IdempotencyOptions(null, null, OnConflict.REJECT, null, Object.class, null, List.of());

  private final Duration ttl;
  private final Duration lockTtl;
  private final OnConflict onConflict;
  private final Duration waitTimeout;
  private final Type resultType;
  private final Object payload;
  private final List<String> ignoredFields;

  private IdempotencyOptions(
      Duration ttl,
      Duration lockTtl,
      OnConflict onConflict,
      Duration waitTimeout,
      Type resultType,
      Object payload,
      List<String> ignoredFields) {
    this.ttl = ttl;
    this.lockTtl = lockTtl;
    this.onConflict = onConflict;
    this.waitTimeout = waitTimeout;
    this.resultType = resultType;
    this.payload = payload;
    this.ignoredFields = ignoredFields;
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
        positive(ttl, "ttl"), lockTtl, onConflict, waitTimeout, resultType, payload, ignoredFields);
  }

  /**
   * How long the in-flight lock survives without renewal; renewed every third of it.
   *
   * @param lockTtl a positive duration
   * @return a copy with this lock ttl
   */
  public IdempotencyOptions withLockTtl(Duration lockTtl) {
    return new IdempotencyOptions(
        ttl,
        positive(lockTtl, "lockTtl"),
        onConflict,
        waitTimeout,
        resultType,
        payload,
        ignoredFields);
  }

  /**
   * What a concurrent duplicate does.
   *
   * @param onConflict the policy, never {@code null}
   * @return a copy with this policy
   */
  public IdempotencyOptions withOnConflict(OnConflict onConflict) {
    return new IdempotencyOptions(
        ttl,
        lockTtl,
        Objects.requireNonNull(onConflict, "onConflict"),
        waitTimeout,
        resultType,
        payload,
        ignoredFields);
  }

  /**
   * How long a waiting duplicate waits ({@link OnConflict#WAIT}).
   *
   * @param waitTimeout a positive duration
   * @return a copy with this timeout
   */
  public IdempotencyOptions withWaitTimeout(Duration waitTimeout) {
    return new IdempotencyOptions(
        ttl,
        lockTtl,
        onConflict,
        positive(waitTimeout, "waitTimeout"),
        resultType,
        payload,
        ignoredFields);
  }

  /**
   * The type a replayed result is decoded to (a {@link Class} or a {@code ParameterizedType}).
   *
   * @param resultType the result type, never {@code null}
   * @return a copy with this result type
   */
  public IdempotencyOptions withResultType(Type resultType) {
    return new IdempotencyOptions(
        ttl,
        lockTtl,
        onConflict,
        waitTimeout,
        Objects.requireNonNull(resultType, "resultType"),
        payload,
        ignoredFields);
  }

  /**
   * What the call is about, counted in its fingerprint: the payload is written with JSON-B (as its
   * own class) and counted in canonical form (object members sorted at every depth, numbers as
   * written), after the {@linkplain #withIgnoredFields ignored fields} are dropped. A repeat of the
   * key with a payload that counts differently is refused with {@code IDEMPOTENCY_KEY_REUSED}; one
   * that differs only in ignored fields gets the stored result. A payload JSON-B cannot write is
   * refused with {@code IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE} before anything runs. Without a
   * payload only the result type counts.
   *
   * @param payload the command, message or request the work carries out, never {@code null}
   * @return a copy with this payload
   */
  public IdempotencyOptions withPayload(Object payload) {
    return new IdempotencyOptions(
        ttl,
        lockTtl,
        onConflict,
        waitTimeout,
        resultType,
        Objects.requireNonNull(payload, "payload"),
        ignoredFields);
  }

  /**
   * Fields of the {@linkplain #withPayload payload} that do not count, such as a timestamp or a
   * trace id, named by RFC 6901 JSON pointers into the payload's JSON ({@code /requestedAt}, {@code
   * /meta/traceId}). A pointer that names nothing in a payload is skipped. Replaces the pointers
   * given before.
   *
   * @param jsonPointers the pointers, each starting with {@code /}
   * @return a copy with these ignored fields
   * @throws IllegalArgumentException when a pointer does not start with {@code /}
   */
  public IdempotencyOptions withIgnoredFields(String... jsonPointers) {
    List<String> pointers = List.of(jsonPointers);
    for (String pointer : pointers) {
      if (!pointer.startsWith("/")) {
        throw new IllegalArgumentException(
            "\""
                + pointer
                + "\" is not a JSON pointer to a field of the payload; write it as /name or /a/b");
      }
    }
    return new IdempotencyOptions(
        ttl, lockTtl, onConflict, waitTimeout, resultType, payload, pointers);
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

  /**
   * The payload counted in the fingerprint, when set.
   *
   * @return the payload, or empty when only the result type counts
   */
  public Optional<Object> payload() {
    return Optional.ofNullable(payload);
  }

  /**
   * The JSON pointers of the payload's fields that do not count.
   *
   * @return the pointers, empty unless set
   */
  public List<String> ignoredFields() {
    return ignoredFields;
  }

  private static Duration positive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
    return value;
  }
}
