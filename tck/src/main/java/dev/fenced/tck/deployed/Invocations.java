package dev.fenced.tck.deployed;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the runs of guarded methods by name: the side effect the tests look at. */
@ApplicationScoped
public class Invocations {

  private final ConcurrentMap<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  /**
   * Counts one run.
   *
   * @param name what ran, usually the test's tag
   * @return the number of runs so far, this one included
   */
  public int increment(String name) {
    return counts.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
  }

  /**
   * The runs counted so far.
   *
   * @param name what ran
   * @return the count, 0 when it never ran
   */
  public int count(String name) {
    AtomicInteger count = counts.get(name);
    return count == null ? 0 : count.get();
  }
}
