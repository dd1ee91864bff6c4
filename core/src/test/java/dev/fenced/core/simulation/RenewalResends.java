package dev.fenced.core.simulation;

import dev.fenced.store.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The mutation {@link Mutation#RENEW_AFTER_LOSS} of one simulated store: a renewal that failed is
 * sent again every ttl/3, past the lease's deadline and loss, until the store refuses it or the
 * engine ends the lease itself. Without the mutation it does nothing.
 */
final class RenewalResends {

  private final StoreLink link;
  private final boolean mutated;
  private final Set<String> resending = new HashSet<>();
  private final Set<String> ended = new HashSet<>();

  RenewalResends(StoreLink link, Mutation mutation) {
    this.link = link;
    this.mutated = mutation == Mutation.RENEW_AFTER_LOSS;
  }

  /** The engine ended {@code owner}'s lease itself: its resends stop. */
  void ended(String owner) {
    ended.add(owner);
  }

  /** Sends {@code renewal}; when it fails under the mutation, sends it again later. */
  boolean send(String owner, long ttlMillis, BooleanSupplier renewal) {
    try {
      return renewal.getAsBoolean();
    } catch (StoreUnavailableException e) {
      if (mutated && resending.add(owner)) {
        resendLater(owner, ttlMillis, renewal);
      }
      throw e;
    }
  }

  private void resendLater(String owner, long ttlMillis, BooleanSupplier renewal) {
    link.instance()
        .schedule(
            () -> {
              if (ended.contains(owner)) {
                return;
              }
              boolean again;
              try {
                again = renewal.getAsBoolean();
              } catch (StoreUnavailableException e) {
                again = true;
              }
              if (again) {
                resendLater(owner, ttlMillis, renewal);
              } else {
                resending.remove(owner);
              }
            },
            Duration.ofMillis(ttlMillis / 3));
  }
}
