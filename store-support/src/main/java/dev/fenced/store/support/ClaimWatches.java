package dev.fenced.store.support;

import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open watches of one store's {@link ClaimEndSignals}, by the name the store's signals carry (a
 * record key, its hash, a Redis record name): what a signal wakes. A wake-up runs on the thread
 * that calls {@link #wakeUp} (the store's listener); one that throws is logged at DEBUG and passed
 * over. A closed watch never runs its wake-up again: its {@link ClaimWatch#close()} waits for a
 * wake-up that runs, as the SPI requires. Thread-safe.
 */
public final class ClaimWatches {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Map<String, Set<Watch>> byName = new ConcurrentHashMap<>();

  /** Creates an empty set of watches. */
  public ClaimWatches() {}

  /**
   * Opens a watch of {@code name}.
   *
   * @param name what the store's signal for the claim carries
   * @param wakeUp run for each signal of {@code name} until the watch is closed
   * @return the open watch
   */
  public ClaimWatch add(String name, Runnable wakeUp) {
    Watch watch = new Watch(Objects.requireNonNull(name, "name"), wakeUp);
    byName.computeIfAbsent(name, n -> ConcurrentHashMap.newKeySet()).add(watch);
    return watch;
  }

  /**
   * Wakes the open watches of {@code name}, on the calling thread.
   *
   * @param name what the signal carries
   */
  public void wakeUp(String name) {
    Set<Watch> woken = byName.get(name);
    if (woken != null) {
      woken.forEach(Watch::wakeUp);
    }
  }

  /** Wakes every open watch: after a reconnect, when a signal may have passed unheard. */
  public void wakeUpAll() {
    byName.values().forEach(watches -> watches.forEach(Watch::wakeUp));
  }

  /** Closes every watch, as the store closes. */
  public void closeAll() {
    byName.values().forEach(watches -> watches.forEach(Watch::close));
    byName.clear();
  }

  /** One caller's watch of one name. */
  private final class Watch implements ClaimWatch {

    private final String name;
    private final Runnable wakeUp;
    private boolean open = true; // guarded by this

    Watch(String name, Runnable wakeUp) {
      this.name = name;
      this.wakeUp = Objects.requireNonNull(wakeUp, "wakeUp");
    }

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
        LOG.log(Level.DEBUG, "A waiting duplicate's wake-up threw; it polls instead", e);
      }
    }

    @Override
    public void close() {
      synchronized (this) {
        open = false;
      }
      byName.computeIfPresent(
          name,
          (n, watches) -> {
            watches.remove(this);
            return watches.isEmpty() ? null : watches;
          });
    }
  }
}
