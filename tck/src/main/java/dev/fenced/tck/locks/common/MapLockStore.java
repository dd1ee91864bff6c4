package dev.fenced.tck.locks.common;

import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.enterprise.inject.Vetoed;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A small, correct {@link LockStore} in one map under one monitor (atomic, not fast) with hooks a
 * real store never offers: {@link #forget} removes a lock behind its holder's back, {@link
 * #failRenewals} makes renewals of a key throw {@link StoreUnavailableException}, and {@link
 * #calls} tells what the store was asked. Not a bean by itself: {@link TckLockStore} is.
 */
@Vetoed
public class MapLockStore implements LockStore {

  /**
   * One call the store got.
   *
   * @param method {@code acquire}, {@code renew} or {@code release}
   * @param key the lock key
   * @param owner the owner id
   * @param ttlMillis the ttl, 0 for {@code release}
   * @param result the token acquired (or -1 when refused), 1 or 0 for renew and release
   */
  public record Call(String method, String key, String owner, long ttlMillis, long result) {}

  private record Entry(String owner, long expiresAtNanos) {}

  private final Map<String, Entry> locks = new HashMap<>();
  private final Map<String, Long> tokens = new HashMap<>();
  private final List<Call> calls = new CopyOnWriteArrayList<>();
  private final Set<String> unreachable = ConcurrentHashMap.newKeySet();

  private Entry live(String key) {
    Entry entry = locks.get(key);
    if (entry != null && entry.expiresAtNanos() - System.nanoTime() <= 0) {
      locks.remove(key);
      return null;
    }
    return entry;
  }

  private static long expiry(long ttlMillis) {
    return System.nanoTime() + ttlMillis * 1_000_000L;
  }

  @Override
  public synchronized OptionalLong acquire(String key, String owner, long ttlMillis) {
    if (live(key) != null) {
      calls.add(new Call("acquire", key, owner, ttlMillis, -1));
      return OptionalLong.empty();
    }
    long token = tokens.merge(key, 1L, Long::sum);
    locks.put(key, new Entry(owner, expiry(ttlMillis)));
    calls.add(new Call("acquire", key, owner, ttlMillis, token));
    return OptionalLong.of(token);
  }

  @Override
  public synchronized boolean renew(String key, String owner, long ttlMillis) {
    if (unreachable.contains(key)) {
      throw new StoreUnavailableException("the TCK made renewals of this key fail");
    }
    Entry entry = live(key);
    boolean renewed = entry != null && entry.owner().equals(owner);
    if (renewed) {
      locks.put(key, new Entry(owner, expiry(ttlMillis)));
    }
    calls.add(new Call("renew", key, owner, ttlMillis, renewed ? 1 : 0));
    return renewed;
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    Entry entry = live(key);
    boolean released = entry != null && entry.owner().equals(owner);
    if (released) {
      locks.remove(key);
    }
    calls.add(new Call("release", key, owner, 0, released ? 1 : 0));
    return released;
  }

  /**
   * Removes the lock on {@code key}, whoever holds it: its holder's next renewal is refused.
   *
   * @param key the lock key
   * @return whether a live lock was removed
   */
  public synchronized boolean forget(String key) {
    return live(key) != null && locks.remove(key) != null;
  }

  /**
   * Makes every later renewal of {@code key} throw {@link StoreUnavailableException}, as if the
   * store could not be reached.
   *
   * @param key the lock key
   */
  public void failRenewals(String key) {
    unreachable.add(key);
  }

  /**
   * Whether a live lock holds {@code key}.
   *
   * @param key the lock key
   * @return whether it is held
   */
  public synchronized boolean isLocked(String key) {
    return live(key) != null;
  }

  /**
   * The calls of one method for one key, oldest first.
   *
   * @param method {@code acquire}, {@code renew} or {@code release}
   * @param key the lock key
   * @return the calls
   */
  public List<Call> calls(String method, String key) {
    return calls.stream().filter(c -> c.method().equals(method) && c.key().equals(key)).toList();
  }
}
