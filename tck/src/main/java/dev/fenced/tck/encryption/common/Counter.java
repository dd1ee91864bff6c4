package dev.fenced.tck.encryption.common;

import dev.fenced.idempotency.IdempotencyRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts runs of guarded methods by tag, and {@code IdempotencyRejected} events by code (under
 * {@code rejected:<CODE>}).
 */
@ApplicationScoped
public class Counter {

  private final ConcurrentMap<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  /**
   * Counts one.
   *
   * @param name what happened
   * @return the count so far, this one included
   */
  public int increment(String name) {
    return counts.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
  }

  /**
   * The count of a name.
   *
   * @param name what happened
   * @return 0 when it never happened
   */
  public int count(String name) {
    AtomicInteger count = counts.get(name);
    return count == null ? 0 : count.get();
  }

  void rejected(@Observes IdempotencyRejected event) {
    increment("rejected:" + event.code().name());
  }
}
