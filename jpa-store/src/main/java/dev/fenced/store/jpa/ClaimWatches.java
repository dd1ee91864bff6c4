package dev.fenced.store.jpa;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open watches of one store, by key hash: what a signal on the store's channel wakes. A wake-up
 * runs on the caller's thread (the listener's), and one that throws is logged and passed over; a
 * watch closed never runs its wake-up again, and its close waits for one that runs.
 */
final class ClaimWatches {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Map<String, Set<Watch>> byKeyHash = new ConcurrentHashMap<>();

  /** A new open watch of {@code keyHash}. */
  ClaimWatch add(String keyHash, Runnable wakeUp) {
    Watch watch = new Watch(keyHash, wakeUp);
    byKeyHash.computeIfAbsent(keyHash, hash -> ConcurrentHashMap.newKeySet()).add(watch);
    return watch;
  }

  /** Wakes the open watches of {@code keyHash}. */
  void wakeUp(String keyHash) {
    Set<Watch> woken = byKeyHash.get(keyHash);
    if (woken != null) {
      woken.forEach(Watch::wakeUp);
    }
  }

  /** Wakes every open watch. */
  void wakeUpAll() {
    byKeyHash.values().forEach(watches -> watches.forEach(Watch::wakeUp));
  }

  /** Closes every watch. */
  void clear() {
    byKeyHash.values().forEach(watches -> watches.forEach(Watch::close));
    byKeyHash.clear();
  }

  /** One caller's watch of one key. */
  private final class Watch implements ClaimWatch {
    private final String keyHash;
    private final Runnable wakeUp;
    private boolean open = true;

    Watch(String keyHash, Runnable wakeUp) {
      this.keyHash = keyHash;
      this.wakeUp = wakeUp;
    }

    /** Runs the wake-up unless closed; a close waits for a wake-up that runs. */
    synchronized void wakeUp() {
      if (!open) {
        return;
      }
      try {
        wakeUp.run();
      } catch (RuntimeException | Error e) {
        if (e instanceof VirtualMachineError) {
          throw e;
        }
        LOG.log(System.Logger.Level.DEBUG, () -> "a waiting duplicate's wake-up threw " + e);
      }
    }

    @Override
    public void close() {
      synchronized (this) {
        open = false;
      }
      byKeyHash.computeIfPresent(
          keyHash,
          (hash, watches) -> {
            watches.remove(this);
            return watches.isEmpty() ? null : watches;
          });
    }
  }
}
