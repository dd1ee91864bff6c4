package dev.fenced.core.idempotency;

import dev.fenced.core.LogKeys;
import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * The release of a claim the engine gave up on: an acquire whose answer never came (a partition, a
 * time-out) may still have been applied by the store, and then holds the key for a whole {@code
 * lockTtl} with nobody running it: the caller was told the work did not run, and its retry would
 * get {@code IDEMPOTENCY_KEY_IN_USE}. This sends the owner-checked {@link IdempotencyStore#release}
 * of that attempt's owner, again and again with a growing pause, until the store answers (a claim
 * that never landed, or one already taken over, is left alone: the owner differs) or until {@code
 * lockTtl} has passed since the acquire was sent, when the claim has expired by itself. Runs on the
 * scheduler's store-calling tasks.
 */
final class AbandonedClaim implements Runnable {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  static final Duration FIRST_PAUSE = Duration.ofMillis(100);
  static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);

  private final IdempotencyStore store;
  private final Scheduler scheduler;
  private final RecordKey key;
  private final String owner;
  private final long givesUpAtNanos;
  private Duration pause = FIRST_PAUSE;

  private AbandonedClaim(
      IdempotencyStore store,
      Scheduler scheduler,
      RecordKey key,
      String owner,
      long sentAtNanos,
      Duration lockTtl) {
    this.store = store;
    this.scheduler = scheduler;
    this.key = key;
    this.owner = owner;
    this.givesUpAtNanos = sentAtNanos + lockTtl.toNanos();
  }

  /**
   * Releases, once the store answers again, the claim an unanswered acquire may have made.
   *
   * @param store the store the acquire was sent to
   * @param scheduler runs the attempts
   * @param key the record key
   * @param owner the acquire's owner
   * @param sentAtNanos when the acquire was sent, on the scheduler's monotonic clock
   * @param lockTtl the acquire's lock ttl
   */
  static void releaseLater(
      IdempotencyStore store,
      Scheduler scheduler,
      RecordKey key,
      String owner,
      long sentAtNanos,
      Duration lockTtl) {
    AbandonedClaim claim = new AbandonedClaim(store, scheduler, key, owner, sentAtNanos, lockTtl);
    claim.scheduleNext();
  }

  @Override
  public void run() {
    if (scheduler.nanoTime() - givesUpAtNanos >= 0) {
      return; // expired by itself: whatever holds the key now is another attempt's
    }
    try {
      boolean released = store.release(key.value(), owner);
      LOG.log(
          Level.DEBUG,
          () ->
              (released
                      ? "Released the claim an unanswered acquire made on "
                      : "No claim left by an unanswered acquire on ")
                  + LogKeys.digest(key.value()));
    } catch (StoreUnavailableException e) {
      if (scheduler.nanoTime() - givesUpAtNanos < 0) {
        pause =
            pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0
                ? LONGEST_PAUSE
                : pause.multipliedBy(2);
        scheduleNext();
      }
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Releasing the claim an unanswered acquire may have made on "
              + LogKeys.digest(key.value())
              + " failed; it expires after its lock ttl",
          e);
    }
  }

  private void scheduleNext() {
    try {
      scheduler.schedule(this, pause);
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "The scheduler refused the release of an unanswered claim", e);
    }
  }
}
