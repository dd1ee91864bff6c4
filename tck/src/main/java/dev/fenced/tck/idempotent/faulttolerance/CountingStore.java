package dev.fenced.tck.idempotent.faulttolerance;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small in-memory store that counts the calls per record key, so a test can see how many claims
 * one request made. One lock guards everything: simple and atomic, not fast.
 */
@ApplicationScoped
@Named(CountingStore.NAME)
public class CountingStore implements IdempotencyStore {

  /** The bean name the deployment's config selects. */
  public static final String NAME = "counting";

  private record Entry(String fingerprint, String owner, byte[] payload, long expiresAt) {}

  private final Map<String, Entry> records = new HashMap<>();
  private final ConcurrentMap<String, AtomicInteger> calls = new ConcurrentHashMap<>();

  private void count(String method, String key) {
    calls.computeIfAbsent(method + " " + key, k -> new AtomicInteger()).incrementAndGet();
  }

  /**
   * How often {@code method} was called for record keys that contain {@code clientKey}.
   *
   * @param method {@code acquire}, {@code complete}, {@code release} or {@code extend}
   * @param clientKey the key a client sent
   * @return the number of calls
   */
  public int calls(String method, String clientKey) {
    return calls.entrySet().stream()
        .filter(e -> e.getKey().startsWith(method + " ") && e.getKey().contains(clientKey))
        .mapToInt(e -> e.getValue().get())
        .sum();
  }

  private Entry live(String key) {
    Entry entry = records.get(key);
    if (entry != null && entry.expiresAt() <= System.currentTimeMillis()) {
      records.remove(key);
      return null;
    }
    return entry;
  }

  @Override
  public synchronized AcquireResult acquire(
      String key, String owner, String fingerprint, long lockTtlMillis) {
    count("acquire", key);
    Entry entry = live(key);
    if (entry == null) {
      records.put(
          key, new Entry(fingerprint, owner, null, System.currentTimeMillis() + lockTtlMillis));
      return new AcquireResult.Acquired();
    }
    return entry.payload() == null
        ? new AcquireResult.InFlight(entry.fingerprint())
        : new AcquireResult.Completed(entry.fingerprint(), entry.payload());
  }

  @Override
  public synchronized boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    count("complete", key);
    Entry entry = live(key);
    if (entry == null || entry.payload() != null || !owner.equals(entry.owner())) {
      return false;
    }
    records.put(
        key,
        new Entry(
            entry.fingerprint(), null, payload.clone(), System.currentTimeMillis() + ttlMillis));
    return true;
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    count("release", key);
    Entry entry = live(key);
    if (entry == null || entry.payload() != null || !owner.equals(entry.owner())) {
      return false;
    }
    records.remove(key);
    return true;
  }

  @Override
  public synchronized boolean extend(String key, String owner, long lockTtlMillis) {
    count("extend", key);
    Entry entry = live(key);
    if (entry == null || entry.payload() != null || !owner.equals(entry.owner())) {
      return false;
    }
    records.put(
        key,
        new Entry(entry.fingerprint(), owner, null, System.currentTimeMillis() + lockTtlMillis));
    return true;
  }
}
