package dev.fenced.tck.store;

import dev.fenced.locks.spi.LockStore;
import java.util.OptionalLong;

/**
 * Two other bugs the contract must catch, in a lock store that is otherwise right (each method is
 * atomic): it takes any ttl, and it encodes keys leniently, so a lone surrogate becomes {@code '?'}
 * and two keys meet.
 */
final class LenientLockStore implements LockStore {

  private final NaiveLockStore locks = new NaiveLockStore(false);

  @Override
  public synchronized OptionalLong acquire(String key, String owner, long ttlMillis) {
    return locks.acquire(Keys.withSurrogatesReplaced(key), owner, ttlMillis);
  }

  @Override
  public synchronized boolean renew(String key, String owner, long ttlMillis) {
    return locks.renew(Keys.withSurrogatesReplaced(key), owner, ttlMillis);
  }

  @Override
  public synchronized boolean release(String key, String owner) {
    return locks.release(Keys.withSurrogatesReplaced(key), owner);
  }
}
