package dev.fenced.tck.store;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Two administration bugs the contract must catch, in a lock store that is otherwise right (each
 * method is atomic): a forced release frees the lock whoever holds it, and deletes the key's token
 * counter with the lock, so the next holder's token starts again from 1.
 */
final class CarelessLockAdministrationStore implements LockStore, LockAdministration {

  private record LockEntry(String owner, long token, long expiresAtMillis) {}

  private final Map<String, LockEntry> locks = new HashMap<>();
  private final Map<String, Long> tokens = new HashMap<>();
  private final LongSupplier millis;

  /**
   * @param millis the store's clock
   */
  CarelessLockAdministrationStore(LongSupplier millis) {
    this.millis = millis;
  }

  @Override
  public synchronized OptionalLong acquire(String key, String owner, long ttlMillis) {
    if (live(key) != null) {
      return OptionalLong.empty();
    }
    long token = tokens.merge(key, 1L, Long::sum);
    locks.put(key, new LockEntry(owner, token, millis.getAsLong() + ttlMillis));
    return OptionalLong.of(token);
  }

  @Override
  public synchronized boolean renew(String key, String owner, long ttlMillis) {
    LockEntry entry = live(key);
    if (entry == null || !entry.owner().equals(owner)) {
      return false;
    }
    locks.put(key, new LockEntry(owner, entry.token(), millis.getAsLong() + ttlMillis));
    return true;
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    LockEntry entry = live(key);
    if (entry == null || !entry.owner().equals(owner)) {
      return false;
    }
    locks.remove(key);
    return true;
  }

  @Override
  public synchronized Optional<LockSnapshot> lock(String key) {
    return Optional.ofNullable(live(key))
        .map(
            entry ->
                new LockSnapshot(
                    key,
                    entry.owner(),
                    entry.token(),
                    Duration.ofMillis(entry.expiresAtMillis() - millis.getAsLong())));
  }

  @Override
  public synchronized Optional<LockSnapshot> forceRelease(String key, String expectedOwner) {
    Optional<LockSnapshot> released = lock(key); // the bug: whatever its owner
    released.ifPresent(
        lock -> {
          locks.remove(key);
          tokens.remove(key); // the bug: the next holder's token starts again from 1
        });
    return released;
  }

  private LockEntry live(String key) {
    LockEntry entry = locks.get(key);
    return entry == null || entry.expiresAtMillis() <= millis.getAsLong() ? null : entry;
  }
}
