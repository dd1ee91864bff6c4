package dev.fenced.idempotency.spi;

/**
 * The bounds every store accepts, for both SPIs ({@link IdempotencyStore} and {@code
 * dev.fenced.locks.spi.LockStore}): a value outside them is refused with an {@link
 * IllegalArgumentException} before anything is written, so a store can never keep a record or a
 * lock without an expiry. Deployment validation refuses configured durations outside them too.
 */
public final class StoreLimits {

  /**
   * The longest ttl a store accepts, in milliseconds: 3650 days (about ten years). Redis and
   * PostgreSQL both represent every expiry up to it; longer ones overflow their expiry arithmetic.
   */
  public static final long MAX_TTL_MILLIS = 3650L * 24 * 60 * 60 * 1000;

  private StoreLimits() {}
}
