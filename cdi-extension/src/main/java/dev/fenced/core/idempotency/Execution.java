package dev.fenced.core.idempotency;

import dev.fenced.core.encryption.RecordSealer;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.lease.LogKeys;
import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One claimed attempt at a key: while it runs, its lock is renewed every {@code lockTtl / 3}; it
 * ends with exactly one {@link #complete} (record the outcome) or {@link #release} (let a retry
 * run). The two phases are apart so an adapter can record the outcome after a JTA transaction
 * commits, on another thread. {@link #close()} releases an execution that has not ended, for
 * try-with-resources.
 *
 * <p>When the lock is lost (a refused renewal, {@code lockTtl} without a confirmed renewal, or a
 * refused {@code complete} or {@code release}), each {@linkplain #onLockLost listener} hears it
 * once. Thread-safe.
 */
public final class Execution implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final IdempotencyStore store;
  private final RecordSealer sealer;
  private final RecordKey key;
  private final String owner;
  private final Instant claimedAt;
  private final Object lock = new Object();
  private final List<Consumer<DetectedBy>> listeners = new ArrayList<>();
  private volatile LeaseRenewal renewal;
  private DetectedBy lostBy;
  private boolean ended;

  Execution(
      IdempotencyStore store, RecordSealer sealer, RecordKey key, String owner, Instant claimedAt) {
    this.store = store;
    this.sealer = sealer;
    this.key = key;
    this.owner = owner;
    this.claimedAt = claimedAt;
  }

  /**
   * Starts renewing the lock every {@code lockTtl / 3}; its loss is reported to the listeners.
   *
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   */
  void keepAlive(Scheduler scheduler, Duration lockTtl, long acquiredAtNanos) {
    long lockTtlMillis = lockTtl.toMillis();
    LeaseRenewal started =
        new LeaseRenewal(
            scheduler,
            lockTtl,
            acquiredAtNanos,
            () -> store.extend(key.value(), owner, lockTtlMillis),
            describe(),
            this::lost);
    this.renewal = started;
    started.start();
  }

  /**
   * The record key this attempt holds.
   *
   * @return the record key
   */
  public RecordKey recordKey() {
    return key;
  }

  /**
   * The random owner id of this attempt.
   *
   * @return the owner id
   */
  public String owner() {
    return owner;
  }

  /**
   * When the key was claimed, on the engine's clock.
   *
   * @return the instant of the claim
   */
  public Instant claimedAt() {
    return claimedAt;
  }

  /**
   * How the lock was lost, if it was.
   *
   * @return how the loss was found, or empty while the lock is believed held
   */
  public Optional<DetectedBy> lockLoss() {
    synchronized (lock) {
      return Optional.ofNullable(lostBy);
    }
  }

  /**
   * Whether the lock was lost: another attempt may run the same work.
   *
   * @return {@code true} once a loss was found
   */
  public boolean isLockLost() {
    return lockLoss().isPresent();
  }

  /**
   * Registers a listener for the loss of the lock, called once, on the thread that found the loss
   * (often the scheduler's); called at once when the lock is already lost.
   *
   * @param listener receives how the loss was found; what it throws is logged and ignored
   */
  public void onLockLost(Consumer<DetectedBy> listener) {
    Objects.requireNonNull(listener, "listener");
    DetectedBy already;
    synchronized (lock) {
      already = lostBy;
      if (already == null) {
        listeners.add(listener);
      }
    }
    if (already != null) {
      notify(listener, already);
    }
  }

  /**
   * Stops renewal and records {@code payload} as the outcome for {@code ttl}.
   *
   * @param payload the outcome to replay, byte for byte; sealed (encrypted) on its way to the store
   *     when encryption at rest is on
   * @param ttl how long it is kept, at least 1 ms
   * @return {@link Completion#STORED}; {@link Completion#LOCK_LOST} when the store refused because
   *     this attempt no longer held the lock (listeners notified); {@link
   *     Completion#STORE_UNAVAILABLE} when the store could not be reached (logged)
   * @throws IllegalStateException when this execution already completed or released
   */
  public Completion complete(byte[] payload, Duration ttl) {
    Objects.requireNonNull(payload, "payload");
    ExecutionOptions.requireMillis(ttl, "ttl");
    byte[] sealed = sealer.seal(key.value(), payload);
    end("complete");
    boolean stored;
    try {
      stored = store.complete(key.value(), owner, sealed, ttl.toMillis());
    } catch (StoreUnavailableException e) {
      LOG.log(
          Level.WARNING,
          "The idempotency store could not be reached to record the outcome of "
              + describe()
              + "; a repeat will run the work again once the lock expires",
          e);
      return Completion.STORE_UNAVAILABLE;
    }
    if (!stored) {
      lost(DetectedBy.RENEWAL);
      return Completion.LOCK_LOST;
    }
    return Completion.STORED;
  }

  /**
   * Stops renewal and deletes the lock, so a retry runs the work. Never throws for the store: it is
   * called on failure paths, where the original error matters more.
   *
   * @return {@code true} when released; {@code false} when the lock was already lost (listeners
   *     notified) or the store could not be reached (logged; the lock expires after its ttl)
   * @throws IllegalStateException when this execution already completed or released
   */
  public boolean release() {
    end("release");
    return releaseInStore();
  }

  /** Releases the key unless this execution already completed or released. */
  @Override
  public void close() {
    if (tryEnd()) {
      releaseInStore();
    }
  }

  private boolean releaseInStore() {
    boolean released;
    try {
      released = store.release(key.value(), owner);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not release " + describe() + "; a retry can run once the lock expires",
          e);
      return false;
    }
    if (!released) {
      lost(DetectedBy.RENEWAL);
    }
    return released;
  }

  /** Called by the lease renewal, and by a refused complete or release. */
  void lost(DetectedBy detectedBy) {
    List<Consumer<DetectedBy>> toNotify;
    synchronized (lock) {
      if (lostBy != null) {
        return;
      }
      lostBy = detectedBy;
      toNotify = List.copyOf(listeners);
      listeners.clear();
    }
    LOG.log(
        Level.WARNING,
        "Lost "
            + describe()
            + ", detected by "
            + detectedBy
            + ": another attempt may run the same work");
    toNotify.forEach(listener -> notify(listener, detectedBy));
  }

  private void end(String operation) {
    if (!tryEnd()) {
      throw new IllegalStateException(
          "cannot " + operation + ": this execution already completed or released its key");
    }
  }

  /** Marks the execution ended and stops renewal; {@code false} when it had already ended. */
  private boolean tryEnd() {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      ended = true;
    }
    LeaseRenewal keeper = renewal;
    if (keeper != null) {
      keeper.stop();
    }
    return true;
  }

  /** The lock as logs name it: never the owner id, never a full long key. */
  private String describe() {
    return "idempotency record " + LogKeys.digest(key.value());
  }

  private static void notify(Consumer<DetectedBy> listener, DetectedBy detectedBy) {
    try {
      listener.accept(detectedBy);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "A lock-lost listener failed", e);
    }
  }

  @Override
  public String toString() {
    return "Execution[owner=" + owner + ", claimedAt=" + claimedAt + "]";
  }
}
