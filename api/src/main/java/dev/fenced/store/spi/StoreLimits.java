package dev.fenced.store.spi;

import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;

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

  /**
   * Checks the arguments of {@link IdempotencyRecordAdministration#inFlight}, which every store
   * refuses alike.
   *
   * @param minAgeMillis zero or more
   * @param limit one or more
   * @throws IllegalArgumentException when {@code minAgeMillis} is negative or {@code limit} is not
   *     positive
   */
  public static void requireListing(long minAgeMillis, int limit) {
    if (minAgeMillis < 0) {
      throw new IllegalArgumentException("minAgeMillis must be 0 or more, was " + minAgeMillis);
    }
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be 1 or more, was " + limit);
    }
  }

  private StoreLimits() {}
}
