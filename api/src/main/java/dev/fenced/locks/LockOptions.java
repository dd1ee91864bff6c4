package dev.fenced.locks;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Options of one {@link Locks#tryAcquire} or {@link Locks#withLock} call. Immutable: every {@code
 * with} method returns a copy.
 */
public final class LockOptions {

  private static final LockOptions DEFAULTS = new LockOptions(null, Duration.ZERO);

  private final Duration ttl;
  private final Duration wait;

  private LockOptions(Duration ttl, Duration wait) {
    this.ttl = ttl;
    this.wait = wait;
  }

  /**
   * Try once, with the configured ttl ({@code fenced.locks.ttl}, default 30 s).
   *
   * @return the default options
   */
  public static LockOptions defaults() {
    return DEFAULTS;
  }

  /**
   * How long the lock lives without renewal; it is renewed every third of it while held.
   *
   * @param ttl a positive duration
   * @return a copy with this ttl
   */
  public LockOptions withTtl(Duration ttl) {
    Objects.requireNonNull(ttl, "ttl");
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("ttl must be positive, was " + ttl);
    }
    return new LockOptions(ttl, wait);
  }

  /**
   * How long to keep retrying (with growing, jittered pauses) while another holder has the lock.
   * Zero, the default, tries once.
   *
   * @param wait zero or a positive duration
   * @return a copy with this wait
   */
  public LockOptions withWait(Duration wait) {
    Objects.requireNonNull(wait, "wait");
    if (wait.isNegative()) {
      throw new IllegalArgumentException("wait must not be negative, was " + wait);
    }
    return new LockOptions(ttl, wait);
  }

  /**
   * The ttl, when set.
   *
   * @return the ttl, or empty for the configured default
   */
  public Optional<Duration> ttl() {
    return Optional.ofNullable(ttl);
  }

  /**
   * How long to wait for the lock.
   *
   * @return the wait, {@link Duration#ZERO} unless set
   */
  public Duration waitFor() {
    return wait;
  }
}
