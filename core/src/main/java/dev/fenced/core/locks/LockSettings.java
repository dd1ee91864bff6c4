package dev.fenced.core.locks;

import dev.fenced.locks.LockLost;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * How a {@link LockManager} behaves. Immutable: every {@code with} method returns a copy.
 *
 * @param defaultTtl the ttl of a lock whose options set none ({@code fenced.locks.ttl})
 * @param interruptOnLoss whether a lost lock interrupts the thread running the guarded work
 * @param lossListener told of every lost lock after its own listeners (the CDI layer fires {@link
 *     LockLost} from it); must not block
 * @param random the jitter source for {@link Backoff}; shared by threads, so thread-safe
 * @param backoff the pauses between tries while waiting for a lock
 * @param maxRenewal how long a lock is renewed at most without being closed ({@code
 *     fenced.locks.max-renewal}): then renewal stops with a WARNING and the lock is lost at its
 *     deadline; leases Fenced's own loops keep ({@link LockManager#tryAcquireForLife}) have no cap
 */
public record LockSettings(
    Duration defaultTtl,
    boolean interruptOnLoss,
    Consumer<LockLost> lossListener,
    RandomGenerator random,
    Backoff backoff,
    Duration maxRenewal) {

  /**
   * The default cap on renewing one lock, 24 hours: above any run of a daily batch, while a lock
   * that was never closed blocks its key for at most a day.
   */
  public static final Duration DEFAULT_MAX_RENEWAL = Duration.ofHours(24);

  /**
   * Validates the components.
   *
   * @param defaultTtl positive
   * @param interruptOnLoss whether to interrupt
   * @param lossListener never {@code null}
   * @param random never {@code null}
   * @param backoff never {@code null}
   * @param maxRenewal positive
   */
  public LockSettings {
    Objects.requireNonNull(defaultTtl, "defaultTtl");
    Objects.requireNonNull(lossListener, "lossListener");
    Objects.requireNonNull(random, "random");
    Objects.requireNonNull(backoff, "backoff");
    if (defaultTtl.isNegative() || defaultTtl.isZero()) {
      throw new IllegalArgumentException("lock ttl must be positive, was " + defaultTtl);
    }
    Objects.requireNonNull(maxRenewal, "maxRenewal");
    if (maxRenewal.isNegative() || maxRenewal.isZero()) {
      throw new IllegalArgumentException("max renewal must be positive, was " + maxRenewal);
    }
  }

  /**
   * A 30 s ttl, interrupt on loss, no loss listener, {@link Backoff#DEFAULT}, a renewal cap of
   * {@link #DEFAULT_MAX_RENEWAL}.
   *
   * @return the defaults
   */
  public static LockSettings defaults() {
    return new LockSettings(
        Duration.ofSeconds(30),
        true,
        lost -> {},
        new Random(),
        Backoff.DEFAULT,
        DEFAULT_MAX_RENEWAL);
  }

  /**
   * A copy with another default ttl.
   *
   * @param ttl positive
   * @return the copy
   */
  public LockSettings withDefaultTtl(Duration ttl) {
    return new LockSettings(ttl, interruptOnLoss, lossListener, random, backoff, maxRenewal);
  }

  /**
   * A copy that does or does not interrupt the guarded work when its lock is lost.
   *
   * @param interrupt whether to interrupt
   * @return the copy
   */
  public LockSettings withInterruptOnLoss(boolean interrupt) {
    return new LockSettings(defaultTtl, interrupt, lossListener, random, backoff, maxRenewal);
  }

  /**
   * A copy with another loss listener.
   *
   * @param listener told of every lost lock
   * @return the copy
   */
  public LockSettings withLossListener(Consumer<LockLost> listener) {
    return new LockSettings(defaultTtl, interruptOnLoss, listener, random, backoff, maxRenewal);
  }

  /**
   * A copy with another jitter source.
   *
   * @param random thread-safe
   * @return the copy
   */
  public LockSettings withRandom(RandomGenerator random) {
    return new LockSettings(defaultTtl, interruptOnLoss, lossListener, random, backoff, maxRenewal);
  }

  /**
   * A copy with another backoff.
   *
   * @param backoff the pauses between tries
   * @return the copy
   */
  public LockSettings withBackoff(Backoff backoff) {
    return new LockSettings(defaultTtl, interruptOnLoss, lossListener, random, backoff, maxRenewal);
  }

  /**
   * A copy with another renewal cap.
   *
   * @param maxRenewal positive
   * @return the copy
   */
  public LockSettings withMaxRenewal(Duration maxRenewal) {
    return new LockSettings(defaultTtl, interruptOnLoss, lossListener, random, backoff, maxRenewal);
  }
}
