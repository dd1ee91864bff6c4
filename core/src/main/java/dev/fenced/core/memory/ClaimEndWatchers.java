package dev.fenced.core.memory;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The watches on claims of one in-memory store, by record key: the store calls {@link #ended} after
 * a write that ended a claim, on the thread that wrote, and each live watch of that key is woken. A
 * close waits for a wake-up that runs, so none runs after it returned. The stores on a server keep
 * theirs in {@code fenced-store-support}'s {@code ClaimWatches}, which {@code fenced-core} does not
 * depend on (an application's WAR ships core without the store kit).
 */
final class ClaimEndWatchers {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Map<String, Set<Watch>> byKey = new ConcurrentHashMap<>();

  ClaimWatch watch(String key, Runnable wakeUp) {
    Watch watch = new Watch(key, wakeUp);
    byKey.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(watch);
    return watch;
  }

  /** Wakes the watches of {@code key}; called after the write is visible. */
  void ended(String key) {
    Set<Watch> watches = byKey.get(key);
    if (watches == null) {
      return;
    }
    for (Watch watch : watches) {
      watch.wake();
    }
  }

  private final class Watch implements ClaimWatch {

    private final String key;
    private final Runnable wakeUp;
    private boolean closed; // guarded by this

    Watch(String key, Runnable wakeUp) {
      this.key = key;
      this.wakeUp = wakeUp;
    }

    synchronized void wake() {
      if (closed) {
        return;
      }
      try {
        wakeUp.run();
      } catch (RuntimeException e) {
        LOG.log(Level.DEBUG, "A waiting duplicate's wake-up failed", e);
      }
    }

    @Override
    public void close() {
      synchronized (this) {
        closed = true;
      }
      byKey.computeIfPresent(
          key,
          (k, watches) -> {
            watches.remove(this);
            return watches.isEmpty() ? null : watches;
          });
    }
  }
}
