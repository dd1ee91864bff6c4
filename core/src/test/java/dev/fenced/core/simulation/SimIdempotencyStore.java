package dev.fenced.core.simulation;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * One instance's {@link IdempotencyStore}: the shared {@link InMemoryIdempotencyStore} (on the
 * store's clock) reached through the instance's {@link StoreLink}, broken as its {@link Mutation}
 * says.
 */
final class SimIdempotencyStore implements IdempotencyStore {

  private final StoreLink link;
  private final InMemoryIdempotencyStore shared;
  private final Mutation mutation;
  private final RenewalResends resends;

  SimIdempotencyStore(StoreLink link, InMemoryIdempotencyStore shared, Mutation mutation) {
    this.link = link;
    this.shared = shared;
    this.mutation = mutation;
    this.resends = new RenewalResends(link, mutation);
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    link.history().owner(owner, link.currentAttempt());
    return link.call(
        "acquire",
        key,
        owner,
        null,
        () -> shared.acquire(key, owner, fingerprint, lockTtlMillis),
        r -> r instanceof AcquireResult.Acquired,
        r -> 0,
        () -> holder(key));
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    resends.ended(owner);
    return link.call(
        "complete",
        key,
        owner,
        new String(payload, StandardCharsets.UTF_8),
        () -> ownerChecked(key, owner, o -> shared.complete(key, o, payload, ttlMillis)),
        Boolean::booleanValue,
        r -> 0,
        () -> holder(key));
  }

  @Override
  public boolean release(String key, String owner) {
    resends.ended(owner); // the engine ended the lease itself: the mutated resends stop
    return link.call(
        "release",
        key,
        owner,
        null,
        () -> ownerChecked(key, owner, o -> shared.release(key, o)),
        Boolean::booleanValue,
        r -> 0,
        () -> holder(key));
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return resends.send(owner, lockTtlMillis, () -> sendExtend(key, owner, lockTtlMillis));
  }

  private boolean sendExtend(String key, String owner, long lockTtlMillis) {
    return link.call(
        "extend",
        key,
        owner,
        null,
        () -> ownerChecked(key, owner, o -> shared.extend(key, o, lockTtlMillis)),
        Boolean::booleanValue,
        r -> 0,
        () -> holder(key));
  }

  /** Runs {@code write} as {@code owner}; without the owner check, as whoever holds the key. */
  private boolean ownerChecked(String key, String owner, Predicate<String> write) {
    if (write.test(owner)) {
      return true;
    }
    if (mutation != Mutation.DROP_OWNER_CHECK) {
      return false;
    }
    String holder = holder(key);
    return holder != null && write.test(holder);
  }

  /** The owner of the attempt running on the key, or {@code null} when none runs. */
  String holder(String key) {
    return shared.record(key, false).flatMap(IdempotencyRecordSnapshot::owner).orElse(null);
  }
}
