package dev.fenced.core.idempotency;

import dev.fenced.ErrorCode;
import dev.fenced.core.LogKeys;
import dev.fenced.core.time.Scheduler;
import dev.fenced.core.time.WakeUp;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;

/**
 * One duplicate's wait for the attempt that holds its key: bounded, growing pauses between looks,
 * each ended early when the store signals the claim's end ({@link DuplicateWaits}).
 */
final class DuplicateWait implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Scheduler scheduler;
  private final Duration timeout;
  private final Duration maxPoll;
  private final long deadlineNanos;
  private final WakeUp wakeUp = new WakeUp();
  private final ClaimWatch watch;
  private Duration nextPause = DuplicateWaits.FIRST_POLL;

  DuplicateWait(
      Scheduler scheduler,
      Optional<ClaimEndSignals> signals,
      RecordKey key,
      Duration timeout,
      Duration maxPoll) {
    this.scheduler = scheduler;
    this.timeout = timeout;
    this.maxPoll = maxPoll;
    this.deadlineNanos = scheduler.nanoTime() + timeout.toNanos();
    this.watch = signals.map(offered -> watch(offered, key)).orElse(null);
    if (watch != null) {
      // the first look was before the watch: a claim that ended in between sent no signal this
      // wait can hear, so the next look comes at once
      wakeUp.ring();
    }
  }

  private ClaimWatch watch(ClaimEndSignals signals, RecordKey key) {
    try {
      return signals.watch(key.value(), wakeUp::ring);
    } catch (RuntimeException e) {
      // the poll is the bound: a duplicate that cannot be woken still finds the end
      LOG.log(
          Level.DEBUG,
          () ->
              "No wake-up for the waiting duplicate of idempotency record "
                  + LogKeys.digest(key.value())
                  + " ("
                  + e
                  + "); it polls",
          e);
      return null;
    }
  }

  /** Sleeps until the next look (or the claim's end), or throws when the wait timed out. */
  void pause() throws InterruptedException {
    long remaining = deadlineNanos - scheduler.nanoTime();
    if (remaining <= 0) {
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_WAIT_TIMEOUT,
          "A call with this idempotency key was still running after waiting "
              + timeout.toMillis()
              + " ms; retry later or raise waitTimeout");
    }
    if (wakeUp.take()) {
      return; // the claim may have ended: look at once, with the pauses as they were
    }
    Duration pause = nextPause.toNanos() < remaining ? nextPause : Duration.ofNanos(remaining);
    scheduler.sleep(pause, wakeUp);
    Duration doubled = nextPause.multipliedBy(2);
    nextPause = doubled.compareTo(maxPoll) > 0 ? maxPoll : doubled;
  }

  /** Stops the watch, if any. */
  @Override
  public void close() {
    if (watch != null) {
      watch.close();
    }
  }
}
