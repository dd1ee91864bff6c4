package dev.fenced.core.idempotency;

import dev.fenced.ErrorCode;
import dev.fenced.core.LogKeys;
import dev.fenced.core.OwnerId;
import dev.fenced.core.encryption.PlainRecords;
import dev.fenced.core.encryption.RecordSealer;
import dev.fenced.core.encryption.UnreadableRecordException;
import dev.fenced.core.lease.LeaseRenewal;
import dev.fenced.core.time.Scheduler;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import dev.fenced.store.spi.StoreUnavailableException;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Runs work once per record key on top of an {@link IdempotencyStore}.
 *
 * <p>The phases are apart, for adapters that record the outcome after a transaction commits: {@link
 * #claim} takes the key (or finds a stored outcome, a running duplicate, or a different request
 * under the key) and starts renewing the lock; the returned {@link Execution} then {@link
 * Execution#complete completes} or {@link Execution#release releases} it. {@link #execute} does all
 * of it for the simple, non-transactional path, and waits for a running duplicate when asked to.
 *
 * <p>Fail closed: when the store cannot be reached while claiming, the work never runs and {@link
 * IdempotencyException} with {@code IDEMPOTENCY_STORE_UNAVAILABLE} is thrown. Every attempt has its
 * own random owner ({@link OwnerId#random()}), so a stale attempt's writes are refused.
 *
 * <p>Payloads pass through a {@link RecordSealer} on their way to and from the store: {@link
 * PlainRecords} by default, an {@code OutcomeCipher} when encryption at rest is on. A stored record
 * the sealer cannot open is never replayed: {@code IDEMPOTENCY_RECORD_UNREADABLE}, logged once.
 */
public final class IdempotencyEngine {

  /**
   * The {@code Retry-After} hint when none is configured ({@code fenced.idempotency.retry-after}).
   */
  public static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

  /**
   * The default cap on renewing one claim ({@code fenced.idempotency.max-renewal}), 1 hour: far
   * above any HTTP request or message handler, while a claim whose owner never ended it (a lost
   * cleanup) blocks its key for at most an hour.
   */
  public static final Duration DEFAULT_MAX_RENEWAL = Duration.ofHours(1);

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final IdempotencyStore store;
  private final RecordSealer sealer;
  private final Clock clock;
  private final Scheduler scheduler;
  private final Duration retryAfter;
  private final Duration maxRenewal;
  private final DuplicateWaits waits;
  private final RandomGenerator random = new Random();

  /**
   * Creates an engine with the default {@code Retry-After} hint.
   *
   * @param store where the records live
   * @param clock the wall clock, for the claim instants
   * @param scheduler runs lock renewals and measures deadlines and waits
   */
  public IdempotencyEngine(IdempotencyStore store, Clock clock, Scheduler scheduler) {
    this(store, clock, scheduler, DEFAULT_RETRY_AFTER);
  }

  /**
   * Creates an engine.
   *
   * @param store where the records live
   * @param clock the wall clock, for the claim instants
   * @param scheduler runs lock renewals and measures deadlines and waits
   * @param retryAfter the hint a duplicate gets while the first attempt runs, positive
   */
  public IdempotencyEngine(
      IdempotencyStore store, Clock clock, Scheduler scheduler, Duration retryAfter) {
    this(store, clock, scheduler, retryAfter, PlainRecords.INSTANCE);
  }

  /**
   * Creates an engine that seals what it stores.
   *
   * @param store where the records live
   * @param clock the wall clock, for the claim instants
   * @param scheduler runs lock renewals and measures deadlines and waits
   * @param retryAfter the hint a duplicate gets while the first attempt runs, positive
   * @param sealer turns payloads into stored bytes and back, bound to the record key
   */
  public IdempotencyEngine(
      IdempotencyStore store,
      Clock clock,
      Scheduler scheduler,
      Duration retryAfter,
      RecordSealer sealer) {
    this(store, clock, scheduler, retryAfter, sealer, DEFAULT_MAX_RENEWAL);
  }

  /**
   * Creates an engine that seals what it stores and caps how long a claim is renewed.
   *
   * @param store where the records live
   * @param clock the wall clock, for the claim instants
   * @param scheduler runs lock renewals and measures deadlines and waits
   * @param retryAfter the hint a duplicate gets while the first attempt runs, positive
   * @param sealer turns payloads into stored bytes and back, bound to the record key
   * @param maxRenewal how long a claim is renewed at most without being completed or released,
   *     positive: then renewal stops with a WARNING and the claim is lost at its deadline
   */
  public IdempotencyEngine(
      IdempotencyStore store,
      Clock clock,
      Scheduler scheduler,
      Duration retryAfter,
      RecordSealer sealer,
      Duration maxRenewal) {
    this(
        store,
        clock,
        scheduler,
        retryAfter,
        sealer,
        maxRenewal,
        DuplicateWaits.on(store, scheduler));
  }

  /**
   * Creates an engine that seals what it stores, caps how long a claim is renewed and waits for
   * running duplicates as {@code waits} says.
   *
   * @param store where the records live
   * @param clock the wall clock, for the claim instants
   * @param scheduler runs lock renewals and measures deadlines and waits
   * @param retryAfter the hint a duplicate gets while the first attempt runs, positive
   * @param sealer turns payloads into stored bytes and back, bound to the record key
   * @param maxRenewal how long a claim is renewed at most without being completed or released,
   *     positive: then renewal stops with a WARNING and the claim is lost at its deadline
   * @param waits how a duplicate waits for the attempt that holds its key ({@link
   *     OnConflict#WAIT}): the pauses between its looks, and the store's wake-ups
   */
  public IdempotencyEngine(
      IdempotencyStore store,
      Clock clock,
      Scheduler scheduler,
      Duration retryAfter,
      RecordSealer sealer,
      Duration maxRenewal,
      DuplicateWaits waits) {
    this.waits = Objects.requireNonNull(waits, "waits");
    this.store = Objects.requireNonNull(store, "store");
    this.sealer = Objects.requireNonNull(sealer, "sealer");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
    if (retryAfter.isZero() || retryAfter.isNegative()) {
      throw new IllegalArgumentException("retryAfter must be positive, was " + retryAfter);
    }
    this.maxRenewal = Objects.requireNonNull(maxRenewal, "maxRenewal");
    if (maxRenewal.isZero() || maxRenewal.isNegative()) {
      throw new IllegalArgumentException("maxRenewal must be positive, was " + maxRenewal);
    }
  }

  /**
   * Claims {@code key} for a new attempt, or reports what holds it.
   *
   * @param key the record key
   * @param fingerprint the fingerprint of this request or call
   * @param lockTtl how long the lock lives without renewal, at least 1 ms; renewed every third
   * @return {@link Claim.Claimed} with a running {@link Execution}; {@link Claim.Replay} with the
   *     stored outcome; {@link Claim.InUse} while a same-fingerprint attempt runs; {@link
   *     Claim.OutcomeLost} when its work committed and its outcome was never recorded; {@link
   *     Claim.Reused} when the key holds another fingerprint (compared in constant time)
   * @throws IdempotencyException with {@code IDEMPOTENCY_STORE_UNAVAILABLE} when the store cannot
   *     be reached, or {@code IDEMPOTENCY_RECORD_UNREADABLE} when the stored outcome of the same
   *     fingerprint cannot be opened (plain text while encryption is on, sealed while it is off, an
   *     unlisted key, tampered with, copied from another key); nothing was claimed
   */
  public Claim claim(RecordKey key, Fingerprint fingerprint, Duration lockTtl) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(fingerprint, "fingerprint");
    ExecutionOptions.requireMillis(lockTtl, "lockTtl");
    String owner = OwnerId.random();
    long startedAt = scheduler.nanoTime();
    AcquireResult result;
    try {
      result = store.acquire(key.value(), owner, fingerprint.value(), lockTtl.toMillis());
    } catch (StoreUnavailableException e) {
      // the store may have applied the acquire though its answer never came
      AbandonedClaim.releaseLater(store, scheduler, key, owner, startedAt, lockTtl);
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE,
          "The idempotency store could not be reached, so the call did not run; retry later",
          e);
    }
    if (result instanceof AcquireResult.Acquired
        && LeaseRenewal.deadlinePassed(startedAt, scheduler.nanoTime(), lockTtl)) {
      // the claim may have expired in the store and been taken by another attempt before this
      // answer came: running the work now could run it twice
      AbandonedClaim.releaseLater(store, scheduler, key, owner, startedAt, lockTtl);
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE,
          "The idempotency store answered the claim only after its lock ttl had nearly passed, so"
              + " the call did not run; retry later (or raise lockTtl above the store's time-out)");
    }
    if (result instanceof AcquireResult.Acquired) {
      Execution execution =
          new Execution(store, sealer, key, owner, clock.instant(), scheduler, lockTtl, random);
      execution.keepAlive(maxRenewal, startedAt);
      return new Claim.Claimed(execution);
    }
    if (result instanceof AcquireResult.Completed completed) {
      return fingerprint.matches(completed.fingerprint())
          ? new Claim.Replay(open(key, completed.payload()))
          : new Claim.Reused();
    }
    if (result instanceof AcquireResult.Committed committed) {
      return fingerprint.matches(committed.fingerprint())
          ? new Claim.OutcomeLost()
          : new Claim.Reused();
    }
    AcquireResult.InFlight inFlight = (AcquireResult.InFlight) result;
    return fingerprint.matches(inFlight.fingerprint())
        ? new Claim.InUse(retryAfter)
        : new Claim.Reused();
  }

  /**
   * Runs {@code work} once for {@code key}, or returns the stored outcome of the run that did.
   *
   * @param key the record key
   * @param fingerprint the fingerprint of this call
   * @param options the resolved ttl, lock ttl and conflict policy
   * @param work returns the outcome to store (an empty array for "no value"), never {@code null}
   * @return {@link Outcome.Ran} (check its {@link Completion}) or {@link Outcome.Replayed}
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_IN_USE} (a duplicate runs and {@code
   *     onConflict} is {@code REJECT}), {@code IDEMPOTENCY_WAIT_TIMEOUT}, {@code
   *     IDEMPOTENCY_KEY_REUSED}, {@code IDEMPOTENCY_OUTCOME_LOST} or {@code
   *     IDEMPOTENCY_STORE_UNAVAILABLE}; the work did not run
   * @throws InterruptedException when interrupted while waiting for a duplicate; nothing was
   *     claimed
   * @throws Exception what {@code work} threw, after the key was released
   */
  public Outcome execute(
      RecordKey key, Fingerprint fingerprint, ExecutionOptions options, Callable<byte[]> work)
      throws Exception {
    return execute(key, fingerprint, options, work, lost -> {});
  }

  /**
   * Like {@link #execute(RecordKey, Fingerprint, ExecutionOptions, Callable)}, telling {@code
   * onLockLost} when the lock of a running attempt is lost.
   *
   * @param key the record key
   * @param fingerprint the fingerprint of this call
   * @param options the resolved ttl, lock ttl and conflict policy
   * @param work returns the outcome to store, never {@code null}
   * @param onLockLost hears, once, that another attempt may now run the work too
   * @return {@link Outcome.Ran} or {@link Outcome.Replayed}
   * @throws Exception as the other {@code execute}
   */
  public Outcome execute(
      RecordKey key,
      Fingerprint fingerprint,
      ExecutionOptions options,
      Callable<byte[]> work,
      Consumer<DetectedBy> onLockLost)
      throws Exception {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(work, "work");
    Objects.requireNonNull(onLockLost, "onLockLost");
    Claim claim = claim(key, fingerprint, options);
    if (claim instanceof Claim.Claimed claimed) {
      return run(claimed.execution(), options.ttl(), work, onLockLost);
    }
    if (claim instanceof Claim.Replay replay) {
      return new Outcome.Replayed(replay.payload());
    }
    if (claim instanceof Claim.Reused) {
      throw reused();
    }
    if (claim instanceof Claim.OutcomeLost) {
      throw outcomeLost();
    }
    throw inUse((Claim.InUse) claim);
  }

  /**
   * Claims {@code key} as {@link #claim(RecordKey, Fingerprint, Duration)} does, and when a
   * same-fingerprint attempt still runs and {@code options} say {@link OnConflict#WAIT}, looks
   * again with growing pauses, and at once when the store signals the claim's end ({@link
   * DuplicateWaits}), until that attempt completes (replay), releases the key (this attempt claims
   * it) or the wait times out. For adapters that run the work themselves, such as one that records
   * the outcome after a transaction commits.
   *
   * @param key the record key
   * @param fingerprint the fingerprint of this call
   * @param options the lock ttl, conflict policy and wait timeout
   * @return {@link Claim.Claimed}, {@link Claim.Replay}, {@link Claim.Reused}, {@link
   *     Claim.OutcomeLost}, or {@link Claim.InUse} (only when {@code onConflict} is {@link
   *     OnConflict#REJECT})
   * @throws IdempotencyException {@code IDEMPOTENCY_WAIT_TIMEOUT} or {@code
   *     IDEMPOTENCY_STORE_UNAVAILABLE}; nothing was claimed
   * @throws InterruptedException when interrupted while waiting; nothing was claimed
   */
  public Claim claim(RecordKey key, Fingerprint fingerprint, ExecutionOptions options)
      throws InterruptedException {
    Objects.requireNonNull(options, "options");
    Claim claim = claim(key, fingerprint, options.lockTtl());
    if (!(claim instanceof Claim.InUse) || options.onConflict() == OnConflict.REJECT) {
      return claim;
    }
    try (DuplicateWait wait = waits.start(key, options.waitTimeout())) {
      while (claim instanceof Claim.InUse) {
        wait.pause();
        claim = claim(key, fingerprint, options.lockTtl());
      }
      return claim;
    }
  }

  /**
   * The error for {@link Claim.Reused}, as {@link #execute} throws it.
   *
   * @return an {@code IDEMPOTENCY_KEY_REUSED} exception
   */
  public static IdempotencyException reused() {
    return new IdempotencyException(
        ErrorCode.IDEMPOTENCY_KEY_REUSED,
        "The idempotency key was already used for a different call (other arguments or"
            + " target); use a new key for a new call");
  }

  /**
   * The error for {@link Claim.OutcomeLost}, as {@link #execute} throws it.
   *
   * @return an {@code IDEMPOTENCY_OUTCOME_LOST} exception
   */
  public static IdempotencyException outcomeLost() {
    return new IdempotencyException(
        ErrorCode.IDEMPOTENCY_OUTCOME_LOST,
        "The call with this idempotency key was carried out and its work committed, but its"
            + " outcome was lost before it could be recorded, so it is not run again; look the"
            + " result up by other means, or use a new key to do the work once more");
  }

  /**
   * The error of a call whose outcome, or commit mark, could not be written in its transaction
   * ({@code fenced.idempotency.commit=with-work}): the transaction is rolled back.
   *
   * @param completion what the write found, not {@link Completion#STORED}
   * @return an {@code IDEMPOTENCY_LOCK_LOST} or {@code IDEMPOTENCY_STORE_UNAVAILABLE} exception
   */
  public static IdempotencyException notWrittenWithWork(Completion completion) {
    return completion == Completion.LOCK_LOST
        ? new IdempotencyException(
            ErrorCode.IDEMPOTENCY_LOCK_LOST,
            "The call's claim on its idempotency key was lost before its outcome was recorded"
                + " with its work (it ran longer than lockTtl without renewal, or another attempt"
                + " took the key over), so its transaction was rolled back; retry with the same"
                + " key")
        : new IdempotencyException(
            ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE,
            "The call's outcome could not be recorded in its transaction (the idempotency store"
                + " failed), so its transaction was rolled back; retry later with the same key");
  }

  /**
   * The error for {@link Claim.InUse}, as {@link #execute} throws it.
   *
   * @param inUse the claim
   * @return an {@code IDEMPOTENCY_KEY_IN_USE} exception
   */
  public static IdempotencyException inUse(Claim.InUse inUse) {
    return new IdempotencyException(
        ErrorCode.IDEMPOTENCY_KEY_IN_USE,
        "A call with this idempotency key is still running; retry after "
            + inUse.retryAfterSeconds()
            + " s");
  }

  private byte[] open(RecordKey key, byte[] stored) {
    try {
      return sealer.open(key.value(), stored);
    } catch (UnreadableRecordException e) {
      LOG.log(
          Level.WARNING,
          "The stored outcome of idempotency record "
              + LogKeys.digest(key.value())
              + " cannot be opened ("
              + e.getMessage()
              + "); the call was refused with IDEMPOTENCY_RECORD_UNREADABLE, not run again");
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE,
          "The stored outcome for this idempotency key cannot be read, so the call was not run"
              + " again; this stays so until the record expires (the server's log says why)",
          e);
    }
  }

  private static Outcome run(
      Execution execution, Duration ttl, Callable<byte[]> work, Consumer<DetectedBy> onLockLost)
      throws Exception {
    execution.onLockLost(onLockLost);
    byte[] payload;
    try {
      payload = work.call();
    } catch (Throwable failure) {
      // includes InterruptedException: the key is released, the exception (and the cleared
      // interrupt it stands for) reaches the caller unchanged
      execution.release();
      throw failure;
    }
    if (payload == null) {
      execution.release();
      throw new NullPointerException(
          "the idempotent work returned null; return an empty array when there is no value");
    }
    return new Outcome.Ran(payload, execution.complete(payload, ttl));
  }
}
