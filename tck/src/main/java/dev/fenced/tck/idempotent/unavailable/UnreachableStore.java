package dev.fenced.tck.idempotent.unavailable;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/** A custom store that can never be reached, selected with {@code fenced.idempotency.store}. */
@ApplicationScoped
@Named(UnreachableStore.NAME)
public class UnreachableStore implements IdempotencyStore {

  /** The bean name the deployment's config selects. */
  public static final String NAME = "unreachable";

  private static StoreUnavailableException down() {
    return new StoreUnavailableException("the TCK's unreachable store is down");
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    throw down();
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    throw down();
  }

  @Override
  public boolean release(String key, String owner) {
    throw down();
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    throw down();
  }
}
