package dev.fenced.tck.locks.reentrant;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A job called directly as a CDI method, never twice at once. Each run records, by name, how often
 * it ran and the lock {@code LocksContext} showed, then calls what the test gave it.
 */
@ApplicationScoped
public class ReentrantJob {

  /** The run lock's key. */
  public static final String KEY = "tck:reentrant-report";

  @Inject LocksContext context;

  private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
  private final Map<String, Lock> locks = new ConcurrentHashMap<>();

  /**
   * Runs the job.
   *
   * @param name the run's name
   * @param inside what the run calls, under its run lock
   * @param <T> its result type
   * @return what {@code inside} returned; {@code null} when the run was skipped
   * @throws Exception what {@code inside} threw
   */
  @WithoutOverlapping(key = KEY)
  public <T> T run(String name, Callable<T> inside) throws Exception {
    runs.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
    context.lock().ifPresent(lock -> locks.put(name, lock));
    return inside.call();
  }

  /**
   * How often the run named {@code name} ran.
   *
   * @param name the run's name
   * @return the count, 0 when it never ran
   */
  public int runs(String name) {
    AtomicInteger count = runs.get(name);
    return count == null ? 0 : count.get();
  }

  /**
   * The lock the run named {@code name} saw in {@code LocksContext}.
   *
   * @param name the run's name
   * @return the lock, or {@code null} when it never ran or saw none
   */
  public Lock lockSeen(String name) {
    return locks.get(name);
  }
}
