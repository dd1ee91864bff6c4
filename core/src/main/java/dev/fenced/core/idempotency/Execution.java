package dev.fenced.core.idempotency;

import dev.fenced.core.encryption.RecordSealer;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One claimed attempt at a key: while it runs, its lock is renewed every {@code lockTtl / 3} (for
 * at most the engine's renewal cap: a claim nobody ends is then lost at its deadline, with a
 * WARNING); it ends with exactly one {@link #complete} (record the outcome) or {@link #release}
 * (let a retry run). The two phases are apart so an adapter can record the outcome after a JTA
 * transaction commits, on another thread. {@link #close()} releases an execution that has not
 * ended, for try-with-resources.
 *
 * <p>{@link #complete} keeps the lock renewed while it records the outcome and retries a store that
 * fails, with jittered, growing pauses, until the lock's deadline: a brief store error after the
 * work ran does not let a retry run it again. Neither {@code complete} nor {@code release} ever
 * throws what the store or the sealer threw; they log it and say what became of the record.
 *
 * <p>Where the store records outcomes inside the caller's transaction ({@link CompletionWithWork}),
 * {@link #completeWithWork} writes the outcome as part of the work's own transaction; the execution
 * then ends when that transaction does: {@link #endCommitted} after a commit, {@link #close} after
 * a rollback. When the outcome is known only after the commit, {@link #markCommittedWithWork}
 * writes a commit mark in that transaction instead, and the execution ends as usual afterwards.
 *
 * <p>When the lock is lost (a refused renewal, {@code lockTtl} without a confirmed renewal, or a
 * refused {@code complete} or {@code release}), each {@linkplain #onLockLost listener} hears it
 * once. Thread-safe.
 */
public final class Execution implements AutoCloseable {

  // Each ending is a class of its own over the state they share (ClaimLease): OutcomeRecording
  // (complete), OutcomeWithWork (completeWithWork, endCommitted), CommitMark
  // (markCommittedWithWork, markEnded) and KeyRelease (release, close).
  private final ClaimLease claim;
  private final Instant claimedAt;
  private final RandomGenerator random;

  /**
   * @param scheduler renews the lock, measures the deadlines and paces the retries of complete
   * @param lockTtl how long the lock lives without renewal
   * @param random the jitter of the pauses between tries of complete
   */
  Execution(
      IdempotencyStore store,
      RecordSealer sealer,
      RecordKey key,
      String owner,
      Instant claimedAt,
      Scheduler scheduler,
      Duration lockTtl,
      RandomGenerator random) {
    this.claim = new ClaimLease(store, sealer, key, owner, scheduler, lockTtl);
    this.claimedAt = claimedAt;
    this.random = random;
  }

  /**
   * Starts renewing the lock every {@code lockTtl / 3}; its loss is reported to the listeners.
   *
   * @param maxRenewal how long after the acquire renewals stop
   * @param acquiredAtNanos the scheduler's reading taken before the acquire request was sent
   */
  void keepAlive(Duration maxRenewal, long acquiredAtNanos) {
    claim.keepAlive(maxRenewal, acquiredAtNanos);
  }

  /**
   * The record key this attempt holds.
   *
   * @return the record key
   */
  public RecordKey recordKey() {
    return claim.key();
  }

  /**
   * The random owner id of this attempt.
   *
   * @return the owner id
   */
  public String owner() {
    return claim.owner();
  }

  /**
   * When the key was claimed, on the engine's clock.
   *
   * @return the instant of the claim
   */
  public Instant claimedAt() {
    return claimedAt;
  }

  /**
   * How the lock was lost, if it was.
   *
   * @return how the loss was found, or empty while the lock is believed held
   */
  public Optional<DetectedBy> lockLoss() {
    return claim.loss().detectedBy();
  }

  /**
   * Whether the lock was lost: another attempt may run the same work.
   *
   * @return {@code true} once a loss was found
   */
  public boolean isLockLost() {
    return claim.isLockLost();
  }

  /**
   * Registers a listener for the loss of the lock, called once, on the thread that found the loss
   * (often the scheduler's); called at once when the lock is already lost.
   *
   * @param listener receives how the loss was found; what it throws is logged and ignored
   */
  public void onLockLost(Consumer<DetectedBy> listener) {
    claim.loss().listen(listener);
  }

  /**
   * Records {@code payload} as the outcome for {@code ttl}, then stops renewal. While it tries, the
   * lock stays renewed; a store that fails is asked again after jittered pauses (50 ms doubling up
   * to 1 s) until the lock's deadline, at most {@code lockTtl} minus the {@linkplain
   * LeaseRenewal#safetyMargin safety margin} after the first try. Never throws for the store or the
   * sealer.
   *
   * @param payload the outcome to replay, byte for byte; sealed (encrypted) on its way to the store
   *     when encryption at rest is on
   * @param ttl how long it is kept, at least 1 ms
   * @return {@link Completion#STORED}; {@link Completion#LOCK_LOST} when the store refused because
   *     this attempt no longer held the lock, or refused a renewal while retrying (listeners
   *     notified); {@link Completion#STORE_UNAVAILABLE} when the outcome could not be recorded by
   *     the lock's deadline (the store kept failing), could not be sealed, or the store refused it
   *     after an earlier try whose answer was lost (logged as a WARNING)
   * @throws IllegalStateException when this execution already completed or released
   */
  public Completion complete(byte[] payload, Duration ttl) {
    return new OutcomeRecording(claim, random).complete(payload, ttl);
  }

  /**
   * Records {@code payload} as the outcome with a statement of the transaction active on the
   * calling thread ({@link CompletionWithWork}), so the record commits or rolls back with the work.
   * Renewal stops first: from the write on, the caller's transaction holds the record until it
   * ends, so no other attempt can take it over, and a renewal would only wait for it. Tried once: a
   * failed statement leaves the caller's transaction able only to roll back. The execution does not
   * end here; its caller ends it when the transaction ends, with {@link #endCommitted} after a
   * commit and {@link #close} after a rollback (which releases the key).
   *
   * @param payload the outcome to replay, byte for byte; sealed on its way to the store when
   *     encryption at rest is on
   * @param ttl how long it is kept after the commit, at least 1 ms
   * @return {@link Completion#STORED} when written, pending the commit; {@link
   *     Completion#LOCK_LOST} when this attempt no longer held a live lock (listeners notified);
   *     {@link Completion#STORE_UNAVAILABLE} when it could not be sealed or written (logged). On
   *     anything but {@code STORED} the caller must roll its transaction back
   * @throws IllegalStateException when this execution already ended, or its store cannot record
   *     outcomes inside the caller's transaction
   */
  public Completion completeWithWork(byte[] payload, Duration ttl) {
    return new OutcomeWithWork(claim).complete(payload, ttl);
  }

  /**
   * Writes the commit mark ({@link CompletionWithWork#markCommitted}) with a statement of the
   * transaction active on the calling thread: once that transaction commits, the record is not
   * taken over until {@code ttl} has passed, even when this attempt dies before it records the
   * outcome; a retry then learns that the work committed and its outcome is lost, and never runs
   * it. For work whose outcome is known only after the commit (an HTTP response body).
   *
   * <p>Renewal pauses (the caller's transaction holds the record until it ends, so a renewal would
   * only wait for it; the mark renews the lock itself) until the caller reports the end of the
   * transaction with {@link #markEnded}. The execution then goes on as before and ends with {@link
   * #complete} or {@link #release}; after a committed mark, {@code complete} is tried even when the
   * lock was lost meanwhile (the mark keeps the record this attempt's), and {@code release} keeps
   * the record. Tried once: a failed statement leaves the caller's transaction able only to roll
   * back.
   *
   * @param ttl how long the mark protects the record, the record's ttl, at least 1 ms
   * @return {@link Completion#STORED} when written, pending the commit; {@link
   *     Completion#LOCK_LOST} when this attempt no longer held a live lock (listeners notified);
   *     {@link Completion#STORE_UNAVAILABLE} when it could not be written (logged). On anything but
   *     {@code STORED} the caller must roll its transaction back; after {@code STORED} it must call
   *     {@link #markEnded} when the transaction ends
   * @throws IllegalStateException when this execution already ended, or its store cannot write in
   *     the caller's transaction
   */
  public Completion markCommittedWithWork(Duration ttl) {
    return new CommitMark(claim).write(ttl);
  }

  /**
   * Hears that the transaction of a {@linkplain #markCommittedWithWork written mark} ended, and
   * resumes renewal until the execution ends: after a commit from the mark (which renewed the
   * lock), after a rollback from the last renewal confirmed before it (the mark is gone with the
   * rollback). Does nothing when the execution already ended.
   *
   * @param committed whether the transaction committed
   */
  public void markEnded(boolean committed) {
    new CommitMark(claim).ended(committed);
  }

  /**
   * Ends an execution whose outcome committed with the caller's transaction ({@link
   * #completeWithWork}); nothing is written. Does nothing when the execution already ended.
   */
  public void endCommitted() {
    new OutcomeWithWork(claim).endCommitted();
  }

  /**
   * Stops renewal and deletes the lock, so a retry runs the work. Never throws for the store: it is
   * called on failure paths, where the original error matters more.
   *
   * @return {@code true} when released; {@code false} when the lock was already lost (listeners
   *     notified) or the store could not be reached (logged; the lock expires after its ttl)
   * @throws IllegalStateException when this execution already completed or released
   */
  public boolean release() {
    return new KeyRelease(claim).release();
  }

  /** Releases the key unless this execution already completed or released. */
  @Override
  public void close() {
    new KeyRelease(claim).close();
  }

  @Override
  public String toString() {
    return "Execution[owner=" + claim.owner() + ", claimedAt=" + claimedAt + "]";
  }
}
