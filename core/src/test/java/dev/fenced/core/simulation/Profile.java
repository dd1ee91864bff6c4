package dev.fenced.core.simulation;

import dev.fenced.core.lease.LeaseRenewal;
import java.time.Duration;

/**
 * The shape of the simulated schedules: how many instances and keys, the ttl of every lock and
 * claim, how long a run lasts, and the envelope of the store-clock faults. The default envelope is
 * the one the engines document (guarantees.md, {@link LeaseRenewal#safetyMargin}): a lease is
 * declared lost at ttl minus a tenth after its last confirmed renewal was sent, which stays before
 * the store's expiry while the store's clock runs at most 4% fast and steps forward by at most
 * ttl/40 at a time, at most twice in a plan ((ttl - 2 ttl/40) / 1.04 &gt; 0.9 ttl).
 *
 * @param instances how many application servers
 * @param lockKeys how many lock keys they share
 * @param claimKeys how many idempotency keys they share
 * @param ttl the ttl of every lock and the lock ttl of every claim
 * @param maxRenewal the renewal cap of locks and claims
 * @param horizonMillis when the last activity may start
 * @param fastestStoreClockPermille the fastest store clock a plan sets, in thousandths
 * @param longestStepMillis the longest forward step of the store's clock
 */
record Profile(
    int instances,
    int lockKeys,
    int claimKeys,
    Duration ttl,
    Duration maxRenewal,
    long horizonMillis,
    long fastestStoreClockPermille,
    long longestStepMillis) {

  static Profile defaults() {
    Duration ttl = Duration.ofSeconds(3);
    return new Profile(3, 2, 2, ttl, Duration.ofSeconds(10), 20_000, 1040, ttl.toMillis() / 40);
  }

  /** The same, with a store clock allowed to run up to {@code permille}/1000 fast. */
  Profile withFastestStoreClock(long permille) {
    return new Profile(
        instances,
        lockKeys,
        claimKeys,
        ttl,
        maxRenewal,
        horizonMillis,
        permille,
        longestStepMillis);
  }

  /** How long after its last confirmed renewal was sent a lease is declared lost. */
  long lossAfterNanos() {
    return ttl.toNanos() - LeaseRenewal.safetyMargin(ttl).toNanos();
  }

  /** How long the run goes on after the horizon, so that every hold can end by its bounds. */
  long quietMillis() {
    return maxRenewal.toMillis() + 3 * ttl.toMillis() + 10_000;
  }
}
