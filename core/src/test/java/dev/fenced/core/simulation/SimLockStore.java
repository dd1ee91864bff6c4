package dev.fenced.core.simulation;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.locks.spi.LockStore;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One instance's {@link LockStore}: the shared {@link InMemoryLockStore} (on the store's clock)
 * reached through the instance's {@link StoreLink}, broken as its {@link Mutation} says.
 */
final class SimLockStore implements LockStore {

  private final StoreLink link;
  private final InMemoryLockStore shared;
  private final Mutation mutation;
  private final Map<String, Long> resettableTokens;
  private final RenewalResends resends;

  /**
   * @param resettableTokens each key's token counter, shared by the instances, for {@link
   *     Mutation#TOKENS_GO_BACK}
   */
  SimLockStore(
      StoreLink link,
      InMemoryLockStore shared,
      Mutation mutation,
      Map<String, Long> resettableTokens) {
    this.link = link;
    this.shared = shared;
    this.mutation = mutation;
    this.resends = new RenewalResends(link, mutation);
    this.resettableTokens = resettableTokens;
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    link.history().owner(owner, link.currentAttempt());
    return link.call(
        "acquire",
        key,
        owner,
        null,
        () -> {
          OptionalLong token = shared.acquire(key, owner, ttlMillis);
          if (token.isPresent() && mutation == Mutation.TOKENS_GO_BACK) {
            return OptionalLong.of(resettableTokens.merge(key, 1L, Long::sum));
          }
          return token;
        },
        OptionalLong::isPresent,
        OptionalLong::getAsLong,
        () -> holder(key));
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    return resends.send(owner, ttlMillis, () -> sendRenew(key, owner, ttlMillis));
  }

  private boolean sendRenew(String key, String owner, long ttlMillis) {
    return link.call(
        "renew",
        key,
        owner,
        null,
        () -> ownerChecked(key, owner, o -> shared.renew(key, o, ttlMillis)),
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
        () -> {
          boolean released = ownerChecked(key, owner, o -> shared.release(key, o));
          if (released && mutation == Mutation.TOKENS_GO_BACK) {
            resettableTokens.remove(key);
          }
          return released;
        },
        Boolean::booleanValue,
        r -> 0,
        () -> holder(key));
  }

  /** Runs {@code write} as {@code owner}; without the owner check, as whoever holds the key. */
  private boolean ownerChecked(
      String key, String owner, java.util.function.Predicate<String> write) {
    if (write.test(owner)) {
      return true;
    }
    if (mutation != Mutation.DROP_OWNER_CHECK) {
      return false;
    }
    String holder = holder(key);
    return holder != null && write.test(holder);
  }

  private String holder(String key) {
    return shared.lock(key).map(LockSnapshot::owner).orElse(null);
  }
}
