package dev.fenced.cdi.config;

import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import java.util.Set;

/**
 * The value each annotation member takes when neither config nor an annotation sets it, as the
 * readers apply them and the error messages name them ({@code default of fenced.idempotency.ttl}).
 */
public final class Defaults {

  /** {@code @Idempotent(ttl)}: how long a completed outcome is kept. */
  public static final String IDEMPOTENT_TTL = "24h";

  /** {@code @Idempotent(lockTtl)}: how long an in-flight lock lives without renewal. */
  public static final String IDEMPOTENT_LOCK_TTL = "60s";

  /** {@code @Idempotent(required)}. */
  public static final String IDEMPOTENT_REQUIRED = "false";

  /** {@code @Idempotent(scope)}: the caller principal. */
  public static final String IDEMPOTENT_SCOPE = "";

  /** {@code @Idempotent(storeIf)}. */
  public static final StoreIf STORE_IF = StoreIf.NOT_SERVER_ERROR;

  /** {@code @Idempotent(onConflict)}. */
  public static final OnConflict ON_CONFLICT = OnConflict.REJECT;

  /** {@code @Idempotent(waitTimeout)}: empty, so a waiting duplicate waits the lock ttl. */
  public static final String IDEMPOTENT_WAIT_TIMEOUT = "";

  /** {@code @Idempotent(replayHeaders)}: none beyond {@link #REPLAY_HEADERS}. */
  public static final String IDEMPOTENT_REPLAY_HEADERS = "";

  /** {@code @Idempotent(ignoredFields)}: every field of a JSON body counts. */
  public static final String IGNORED_FIELDS = "";

  /** {@code @Idempotent(bodyFingerprint)}: no bean, the whole body counts. */
  public static final String IDEMPOTENT_BODY_FINGERPRINT = "";

  /** {@code fenced.idempotency.retry-after}: the {@code Retry-After} hint of a 409. */
  public static final String RETRY_AFTER = "1s";

  /** {@code fenced.idempotency.header}: the request header holding the key. */
  public static final String HEADER = "Idempotency-Key";

  /** The response headers every HTTP method replays, lower case. */
  public static final Set<String> REPLAY_HEADERS =
      Set.of(
          "location",
          "content-type",
          "content-language",
          "content-location",
          "etag",
          "last-modified");

  /**
   * {@code @OnOneInstance(ttl)}, {@code @WithoutOverlapping(ttl)}, {@code @LeaderElection(ttl)}:
   * the lease or lock ttl.
   */
  public static final String LOCK_TTL = "30s";

  private Defaults() {}
}
