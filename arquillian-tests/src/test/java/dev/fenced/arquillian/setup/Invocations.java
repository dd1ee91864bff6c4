package dev.fenced.arquillian.setup;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts what ran in the deployment, by name, for the tests to read. */
@ApplicationScoped
public class Invocations {

  private final ConcurrentMap<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  public void record(String what) {
    counts.computeIfAbsent(what, key -> new AtomicInteger()).incrementAndGet();
  }

  public int count(String what) {
    AtomicInteger count = counts.get(what);
    return count == null ? 0 : count.get();
  }
}
