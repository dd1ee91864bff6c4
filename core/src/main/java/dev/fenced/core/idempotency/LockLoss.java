package dev.fenced.core.idempotency;

import dev.fenced.locks.DetectedBy;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Whether and how a claim's lock was lost, and who is told: the first loss reported is kept, logged
 * as a WARNING and heard once by each listener; later reports change nothing. Thread-safe.
 */
final class LockLoss {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Supplier<String> described;
  private final Object lock = new Object();
  private final List<Consumer<DetectedBy>> listeners = new ArrayList<>();
  private DetectedBy lostBy;

  /**
   * @param described the lock as logs name it, asked only when a loss is logged
   */
  LockLoss(Supplier<String> described) {
    this.described = described;
  }

  /** How the lock was lost, or empty while it is believed held. */
  Optional<DetectedBy> detectedBy() {
    synchronized (lock) {
      return Optional.ofNullable(lostBy);
    }
  }

  boolean isLost() {
    return detectedBy().isPresent();
  }

  /** Adds a listener, or calls it at once when the lock is already lost. */
  void listen(Consumer<DetectedBy> listener) {
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

  /** Called by the lease renewal, and by a refused write of an ending. */
  void report(DetectedBy detectedBy) {
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
            + described.get()
            + ", detected by "
            + detectedBy
            + ": another attempt may run the same work");
    toNotify.forEach(listener -> notify(listener, detectedBy));
  }

  private static void notify(Consumer<DetectedBy> listener, DetectedBy detectedBy) {
    try {
      listener.accept(detectedBy);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "A lock-lost listener failed", e);
    }
  }
}
