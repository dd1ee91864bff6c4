package dev.fenced.tck.locks.common;

import dev.fenced.locks.Lock;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Records the runs of a deployment's guarded jobs: what {@code LocksContext} showed in each, and
 * how many ran at once.
 */
@ApplicationScoped
public class Runs {

  /**
   * What one run saw.
   *
   * @param key the key of the lock in {@code LocksContext}, or {@code null} when there was none
   * @param fencingToken its token, or 0
   * @param held whether it was held during the run
   * @param thread the name of the thread that ran it
   */
  public record Run(String key, long fencingToken, boolean held, String thread) {}

  private final List<Run> runs = new CopyOnWriteArrayList<>();
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger mostAtOnce = new AtomicInteger();

  /**
   * Records that a run started and what lock it saw.
   *
   * @param lock the lock of {@code LocksContext}, or {@code null}
   */
  public void enter(Lock lock) {
    mostAtOnce.accumulateAndGet(active.incrementAndGet(), Math::max);
    runs.add(
        lock == null
            ? new Run(null, 0, false, Thread.currentThread().getName())
            : new Run(
                lock.key(), lock.fencingToken(), lock.isHeld(), Thread.currentThread().getName()));
  }

  /** Records that a run ended. */
  public void exit() {
    active.decrementAndGet();
  }

  /**
   * The runs so far, oldest first.
   *
   * @return a snapshot
   */
  public List<Run> all() {
    return List.copyOf(runs);
  }

  /**
   * The most runs that were ever in progress at once.
   *
   * @return the count
   */
  public int mostAtOnce() {
    return mostAtOnce.get();
  }
}
