package dev.fenced.arquillian.stores;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A guarded CDI method whose duplicates wait for the first call ({@code onConflict = WAIT}): the
 * first call holds for the time it is given, and the keys of the calls inside it are kept, so a
 * test sends the duplicate once the first is in.
 */
@ApplicationScoped
public class WaitingShipments {

  private static final AtomicLong RUNS = new AtomicLong();
  private final Set<String> inside = ConcurrentHashMap.newKeySet();

  /**
   * Ships once per key; a duplicate waits up to a minute for the first call's outcome.
   *
   * @param key the idempotency key
   * @param holdMillis how long the call holds before it returns
   * @return the run number
   * @throws InterruptedException when interrupted while it holds
   */
  @Idempotent(onConflict = OnConflict.WAIT, waitTimeout = "60s")
  public String ship(@IdempotencyKey String key, long holdMillis) throws InterruptedException {
    inside.add(key);
    Thread.sleep(holdMillis);
    return "run-" + RUNS.incrementAndGet();
  }

  /**
   * Whether a call with {@code key} has entered {@link #ship}.
   *
   * @param key the idempotency key
   * @return whether it has
   */
  public boolean entered(String key) {
    return inside.contains(key);
  }
}
