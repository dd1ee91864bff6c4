package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.LogKeys;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Completion;
import dev.fenced.core.idempotency.Execution;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.StoragePolicy;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotentResult;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs a non-HTTP call once per key: what the {@code @Idempotent} interceptor and the programmatic
 * {@code Idempotency} bean share.
 *
 * <p>Claims the key (waiting for a running duplicate with {@code OnConflict.WAIT}); replays a
 * stored outcome decoded with the call's result type; refuses a running duplicate ({@code
 * IDEMPOTENCY_KEY_IN_USE}) or a different call under the key ({@code IDEMPOTENCY_KEY_REUSED}).
 * Otherwise it runs the call and encodes its result (refusing one that cannot replay faithfully).
 * Inside a transaction that may still commit the claim ends after the transaction completes: the
 * outcome is stored after a commit, the key released after a rollback, and a call that threw (or
 * whose outcome is not stored, {@code storeIf}) releases the key after the transaction, whether it
 * commits or not, so a duplicate gets {@code IDEMPOTENCY_KEY_IN_USE} until the work's effects are
 * committed or gone. A transaction that can only roll back, or that refuses to be waited for,
 * releases at once; without one the outcome is stored, or the key released, when the call ends. The
 * claim ends on every path, what {@code work} or the codec throws included; a failure is never
 * stored, so a repeat after it runs again. With {@link OutcomeCommit#WITH_WORK}, a call in a
 * transaction that may commit writes its outcome in that transaction instead, so the record and the
 * work commit together; when it cannot, the transaction is marked rollback-only and the call fails
 * ({@code IDEMPOTENCY_LOCK_LOST} or {@code IDEMPOTENCY_STORE_UNAVAILABLE}). Every refusal fires
 * {@code IdempotencyRejected}, every replay {@code IdempotencyReplayed}, a lost lock {@code
 * IdempotencyLockLost}.
 *
 * <p>A {@linkplain GuardedCall#staged() staged} call returns a {@code CompletionStage}: the key is
 * claimed when it is called and stays claimed (its lock renewed) until the stage completes. The
 * caller gets a {@code CompletableFuture} that completes with the stage's value once it is
 * recorded, or fails with the stage's exception once the key is released; a replay is a completed
 * {@code CompletableFuture}. What the call throws before it returns a stage is handled as for any
 * call. Inside a transaction the claim ends when both the stage has completed and the transaction
 * has ended: the value is recorded only after a commit, never with the work ({@link
 * OutcomeCommit#WITH_WORK} does not apply, the stage's work is not the transaction's), and when the
 * stage completes before the transaction ends the caller gets the outcome at once.
 *
 * <p>While {@code work} runs, the call is the current thread's innermost {@linkplain #runs() run}:
 * when the work gives up storing its outcome there ({@code IdempotencyContext.doNotStore()}), the
 * outcome is returned (or thrown) but not recorded, and the key is released as for an outcome that
 * is not stored. Thread-safe.
 */
public final class CallRunner {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  /** The HTTP status a stored failure stands for in {@code storeIf}: a refusal on purpose. */
  private static final int CLIENT_ERROR = 400;

  private final IdempotencyEngine engine;
  private final OutcomeCodec codec;
  private final Transactions transactions;
  private final IdempotencyEvents events;
  private final OutcomeCommit commit;
  private final GuardedRuns runs = new GuardedRuns();

  /**
   * Creates a runner.
   *
   * @param engine claims and records keys
   * @param codec writes and reads outcomes
   * @param transactions tells whether a transaction is active and when it ends
   * @param events hears replays, rejections and lost locks
   */
  public CallRunner(
      IdempotencyEngine engine,
      OutcomeCodec codec,
      Transactions transactions,
      IdempotencyEvents events) {
    this(engine, codec, transactions, events, OutcomeCommit.AFTER_WORK);
  }

  /**
   * Creates a runner that records outcomes as {@code commit} says.
   *
   * @param engine claims and records keys
   * @param codec writes and reads outcomes
   * @param transactions tells whether a transaction is active and when it ends
   * @param events hears replays, rejections and lost locks
   * @param commit when the outcome of a call in a transaction is recorded ({@value
   *     OutcomeCommit#KEY}); {@link OutcomeCommit#WITH_WORK} needs an engine whose store records
   *     outcomes in the caller's transaction
   */
  public CallRunner(
      IdempotencyEngine engine,
      OutcomeCodec codec,
      Transactions transactions,
      IdempotencyEvents events,
      OutcomeCommit commit) {
    this.engine = Objects.requireNonNull(engine, "engine");
    this.codec = Objects.requireNonNull(codec, "codec");
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.events = Objects.requireNonNull(events, "events");
    this.commit = Objects.requireNonNull(commit, "commit");
  }

  /**
   * Runs {@code work} for {@code call} unless its outcome is stored.
   *
   * @param call the resolved call
   * @param work the guarded code
   * @return what {@code work} returned, or the stored outcome of the run that did
   * @throws IdempotencyException when the call was refused, its record is unreadable, or its result
   *     cannot be stored (after it ran; the key was released)
   * @throws InterruptedException when interrupted while waiting for a duplicate
   * @throws Exception what {@code work} threw, after the key was released
   */
  public Object run(GuardedCall call, Callable<?> work) throws Exception {
    return run(call, work, null);
  }

  /**
   * Runs {@code work}, a call MicroProfile Fault Tolerance shapes, for {@code call} unless its
   * outcome is stored. What is recorded is what the {@linkplain BodyWitness witnessed} body's last
   * attempt did, whatever Fault Tolerance answered: its return value when it returned (even when
   * Fault Tolerance then reported a {@code TimeoutException}, or answered with a
   * {@code @Fallback}); nothing, the key released, when it threw or never ran (a {@code @Fallback}
   * answer is the caller's, not the operation's outcome, and is not stored). While the body still
   * runs after Fault Tolerance answered (an asynchronous time-out), the claim is kept, renewed,
   * until it ends. The caller always gets Fault Tolerance's answer.
   *
   * @param call the resolved call
   * @param work the guarded code, Fault Tolerance included
   * @param witness sees the body inside Fault Tolerance; {@code null} when nothing shapes the call,
   *     and what {@code work} returns or throws is the outcome
   * @return what {@code work} returned, or the stored outcome of the run that did
   * @throws IdempotencyException when the call was refused, its record is unreadable, or its result
   *     cannot be stored (after it ran; the key was released)
   * @throws InterruptedException when interrupted while waiting for a duplicate
   * @throws Exception what {@code work} threw, after the key was released or the body's outcome
   *     recorded
   */
  public Object run(GuardedCall call, Callable<?> work, BodyWitness witness) throws Exception {
    return run(call, work, witness, replayedAt -> {});
  }

  /**
   * Runs {@code work} for {@code call} unless its outcome is stored, and tells which: what {@code
   * Idempotency.executeWithMetadata} returns.
   *
   * @param call the resolved call, not staged
   * @param work the guarded code
   * @return what {@code work} returned, or the stored outcome with when it was produced
   * @throws IdempotencyException as {@link #run(GuardedCall, Callable)} does
   * @throws InterruptedException when interrupted while waiting for a duplicate
   * @throws Exception what {@code work} threw, after the key was released
   */
  public IdempotentResult<Object> runWithMetadata(GuardedCall call, Callable<?> work)
      throws Exception {
    AtomicReference<Optional<Instant>> replayedAt = new AtomicReference<>();
    Object value = run(call, work, null, replayedAt::set);
    Optional<Instant> at = replayedAt.get();
    return at == null ? IdempotentResult.ran(value) : IdempotentResult.replayed(value, at);
  }

  /**
   * The runs of calls that hold their key, per thread.
   *
   * @return the runs
   */
  public GuardedRuns runs() {
    return runs;
  }

  private Object run(
      GuardedCall call, Callable<?> work, BodyWitness witness, Consumer<Optional<Instant>> replays)
      throws Exception {
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(work, "work");
    Optional<TransactionOutcomes.Produced> earlier =
        transactionOutcomes().flatMap(outcomes -> outcomes.find(call.recordKey()));
    if (earlier.isPresent()) {
      return repeatInTransaction(call, earlier.get(), replays);
    }
    Claim claim;
    try {
      claim = engine.claim(call.recordKey(), call.fingerprint(), call.options());
    } catch (IdempotencyException e) {
      throw rejected(call, e);
    }
    if (claim instanceof Claim.Claimed claimed) {
      return runClaimed(call, claimed.execution(), work, witness);
    }
    if (claim instanceof Claim.Replay replay) {
      return replay(call, replay.payload(), replays);
    }
    if (claim instanceof Claim.InUse inUse) {
      throw rejected(call, IdempotencyEngine.inUse(inUse));
    }
    if (claim instanceof Claim.OutcomeLost) {
      throw rejected(call, IdempotencyEngine.outcomeLost());
    }
    throw rejected(call, IdempotencyEngine.reused());
  }

  private Object replay(GuardedCall call, byte[] payload, Consumer<Optional<Instant>> replays)
      throws Exception {
    Object value;
    try {
      OutcomeCodec.Decoded decoded = codec.decodeOutcome(payload, call.resultType());
      value = decoded.value();
      replays.accept(decoded.producedAt());
    } catch (IdempotencyException e) {
      throw rejected(call, e);
    }
    LOG.log(Level.DEBUG, () -> "Replayed " + describe(call));
    events.replayed(call.target(), call.key());
    if (value instanceof StoredFailure failure) {
      Exception replayed = call.failures().replay(failure);
      if (call.staged() && !(replayed instanceof IdempotencyException)) {
        return CompletableFuture.failedFuture(replayed);
      }
      throw replayed;
    }
    return call.staged() ? CompletableFuture.completedFuture(value) : value;
  }

  /**
   * A call whose key an earlier call of the same transaction completed: that call's outcome, which
   * the store gets only when the transaction ends, or {@code IDEMPOTENCY_KEY_REUSED} for another
   * call under the key.
   */
  private Object repeatInTransaction(
      GuardedCall call, TransactionOutcomes.Produced earlier, Consumer<Optional<Instant>> replays)
      throws Exception {
    if (!earlier.fingerprint().equals(call.fingerprint())) {
      throw rejected(call, IdempotencyEngine.reused());
    }
    return replay(call, earlier.payload(), replays);
  }

  /** The outcomes of the active transaction's calls, or empty outside one. */
  private Optional<TransactionOutcomes> transactionOutcomes() {
    if (!activeTransaction()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          transactions.resource(TransactionOutcomes.RESOURCE_KEY, TransactionOutcomes::new));
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "The transaction keeps no resources; repeats in it are not seen", e);
      return Optional.empty();
    }
  }

  private Object runClaimed(
      GuardedCall call, Execution execution, Callable<?> work, BodyWitness witness)
      throws Exception {
    // whatever happens below, the claim ends through this, in the finally block
    Consumer<Boolean> ending = committed -> release(call, execution);
    try {
      execution.onLockLost(lost -> events.lockLost(call.target(), call.key()));
      Object result = null;
      Throwable thrown = null;
      GuardedRuns.Run run = runs.open(call);
      try {
        result = work.call();
      } catch (Exception | Error e) {
        thrown = e;
      } finally {
        runs.close(run);
      }
      if (call.staged() && thrown == null) {
        CompletionStage<?> stage = stage(call, result);
        ending = null; // from here on, the stage's completion and the transaction's end end it
        return follow(call, execution, stage, witness, run);
      }
      CompletableFuture<Object> body =
          call.staged() ? CompletableFuture.failedFuture(thrown) : body(witness, result, thrown);
      if (!body.isDone()) {
        ending = null; // from here on, the end of the body ends the claim
        keepUntilBodyEnds(call, execution, body);
      } else {
        // the one place that asks whether the work gave up storing (IdempotencyContext.doNotStore)
        byte[] payload = run.storingGivenUp() ? null : storedOutcome(call, body, witness, thrown);
        if (payload != null) {
          keepInTransaction(call, payload);
          if (witness == null && thrown != null && call.failures().chosen(thrown)) {
            ending = completeWhateverTheTransaction(execution, payload, call.options().ttl());
          } else if (recordsWithWork()) {
            ending = null; // from here on, the end of the transaction ends the claim
            recordWithWork(call, execution, payload, call.options().ttl());
          } else {
            ending = completeAfterCommit(call, execution, payload);
          }
        }
      }
      if (thrown instanceof Exception e) {
        throw e;
      }
      if (thrown instanceof Error e) {
        throw e;
      }
      return result;
    } finally {
      if (ending != null) {
        whenTransactionEnds(call, ending);
      }
    }
  }

  /**
   * What a call that ended is stored as: its value (checked to replay faithfully whether it is
   * stored or not), or an exception its {@link FailureOutcomes} stores.
   *
   * @return the payload, or {@code null} when nothing is stored and the key is released
   */
  private byte[] storedOutcome(
      GuardedCall call, CompletableFuture<Object> body, BodyWitness witness, Throwable thrown) {
    if (!body.isCompletedExceptionally()) {
      byte[] payload = codec.encode(body.join(), call.resultType());
      return StoragePolicy.of(call.storeIf()).storesReturn() ? payload : null;
    }
    return storedFailure(call, witness, thrown) ? codec.encodeFailure(thrown) : null;
  }

  /**
   * Stores an exception the method chose to store ({@code storeOn}) once the transaction ended,
   * whether it committed or not: the exception usually rolls it back, and what happened outside it
   * (a charge) did not.
   */
  private static Consumer<Boolean> completeWhateverTheTransaction(
      Execution execution, byte[] payload, Duration ttl) {
    return committed -> complete(execution, payload, ttl);
  }

  /** Lets a later call of the same transaction under the key see this outcome. */
  private void keepInTransaction(GuardedCall call, byte[] payload) {
    transactionOutcomes()
        .ifPresent(outcomes -> outcomes.keep(call.recordKey(), call.fingerprint(), payload));
  }

  /** Whether an outcome is written in the caller's transaction, with its work. */
  private boolean recordsWithWork() {
    return commit == OutcomeCommit.WITH_WORK && activeTransaction();
  }

  /** Stores the outcome once the transaction committed; releases the key after a rollback. */
  private Consumer<Boolean> completeAfterCommit(
      GuardedCall call, Execution execution, byte[] payload) {
    Duration ttl = call.options().ttl();
    return committed -> {
      if (committed) {
        complete(execution, payload, ttl);
      } else {
        release(call, execution);
      }
    };
  }

  /**
   * Whether what a call threw is its outcome, of a call nothing shapes (what Fault Tolerance made
   * of the body is not the body's answer): an exception the method chose to store ({@code
   * storeOn}), or one its {@link FailureOutcomes} stores as a refusal on purpose, where the policy
   * stores a client error.
   */
  private static boolean storedFailure(GuardedCall call, BodyWitness witness, Throwable thrown) {
    if (witness != null || thrown == null) {
      return false;
    }
    if (call.failures().chosen(thrown)) {
      return true;
    }
    return !call.staged()
        && call.failures().stores(thrown)
        && StoragePolicy.of(call.storeIf()).storesStatus(CLIENT_ERROR);
  }

  /**
   * How the body ended: as the witness saw it, or, with no witness, as {@code work} did.
   *
   * @param witness the witness, or {@code null}
   * @param result what {@code work} returned
   * @param failure what {@code work} threw, or {@code null}
   */
  private static CompletableFuture<Object> body(
      BodyWitness witness, Object result, Throwable failure) {
    if (witness != null) {
      return witness.lastAttempt();
    }
    return failure == null
        ? CompletableFuture.completedFuture(result)
        : CompletableFuture.failedFuture(failure);
  }

  /**
   * Keeps the claim of a body that still runs after Fault Tolerance answered its caller (it gave up
   * waiting), renewed, until the body ends; then records what it returned, or releases the key. It
   * ends on another thread, outside the caller's transaction, so its value is recorded as it is.
   */
  private void keepUntilBodyEnds(
      GuardedCall call, Execution execution, CompletableFuture<Object> body) {
    LOG.log(Level.DEBUG, () -> "Keeping the claim of " + describe(call) + " until its method ends");
    body.whenComplete((value, failure) -> recordLate(call, execution, value, failure));
  }

  private void recordLate(GuardedCall call, Execution execution, Object value, Throwable failure) {
    if (failure != null || !StoragePolicy.of(call.storeIf()).storesReturn()) {
      release(call, execution);
      return;
    }
    try {
      complete(execution, codec.encode(value, call.resultType()), call.options().ttl());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Recording the late outcome of " + describe(call) + " failed", e);
      release(call, execution);
    }
  }

  private CompletionStage<?> stage(GuardedCall call, Object result) {
    if (result instanceof CompletionStage<?> stage) {
      return stage;
    }
    throw rejected(
        call,
        new IdempotencyException(
            ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE,
            call.target()
                + " returned "
                + (result == null ? "null" : result.getClass().getName())
                + " instead of a CompletionStage, so there is no value to store; the key was"
                + " released"));
  }

  /**
   * The stage the caller gets for a staged call: it completes as {@code stage} does, but only once
   * the claim ended (the value recorded, or the key released after a failure), so a caller that saw
   * it complete finds the record. When {@code stage} completes while the caller's transaction is
   * still open, the caller gets the outcome at once (it may be waiting for it inside that
   * transaction) and the claim ends with the transaction, as for a call that returns its value: the
   * value is recorded only when the stage completed normally and the transaction committed. Staged
   * calls record after the commit under either {@link OutcomeCommit}: the stage's work is not the
   * transaction's. With a {@code witness}, what is recorded is how the stage the body's last
   * attempt returned completed, while the caller gets {@code stage}, Fault Tolerance's; when the
   * body's stage is still pending as {@code stage} completes (a time-out), the caller gets its
   * answer at once and the claim is kept until the body's stage completes.
   */
  private CompletableFuture<Object> follow(
      GuardedCall call,
      Execution execution,
      CompletionStage<?> stage,
      BodyWitness witness,
      RunControl run) {
    CompletableFuture<Boolean> transactionEnd = new CompletableFuture<>();
    whenTransactionEnds(call, transactionEnd::complete);
    CompletableFuture<Object> returned = new CompletableFuture<>();
    stage.whenComplete(
        (value, failure) -> {
          CompletableFuture<Object> body = stagedBody(witness, value, failure);
          if (!body.isDone()) {
            settle(returned, value, failure); // the caller does not wait for a body given up on
          }
          body.whenComplete(
              (bodyValue, bodyFailure) -> {
                Throwable outcome = failure;
                Consumer<Boolean> ending = committed -> release(call, execution);
                Throwable cause = unwrapped(bodyFailure);
                if (witness == null
                    && cause != null
                    && !run.storingGivenUp()
                    && call.failures().chosen(cause)) {
                  ending =
                      completeWhateverTheTransaction(
                          execution, codec.encodeFailure(cause), call.options().ttl());
                } else if (bodyFailure == null && !run.storingGivenUp()) {
                  try {
                    byte[] payload = codec.encode(bodyValue, call.resultType());
                    Duration ttl = call.options().ttl();
                    if (StoragePolicy.of(call.storeIf()).storesReturn()) {
                      ending =
                          committed -> {
                            if (committed) {
                              complete(execution, payload, ttl);
                            } else {
                              release(call, execution);
                            }
                          };
                    }
                  } catch (IdempotencyException e) {
                    outcome = rejected(call, e);
                  } catch (RuntimeException e) {
                    outcome = e;
                  }
                }
                Throwable answer = outcome;
                if (!transactionEnd.isDone()) {
                  settle(returned, value, answer);
                }
                Consumer<Boolean> end = ending;
                transactionEnd.thenAccept(
                    committed -> {
                      try {
                        end.accept(committed);
                      } finally {
                        settle(returned, value, answer);
                      }
                    });
              });
        });
    return returned;
  }

  /**
   * How the stage of a staged call's body ended: the stage the witnessed body's last attempt
   * returned, or, with no witness, the stage the caller got.
   */
  @SuppressWarnings("unchecked")
  private static CompletableFuture<Object> stagedBody(
      BodyWitness witness, Object value, Throwable failure) {
    if (witness == null) {
      return failure == null
          ? CompletableFuture.completedFuture(value)
          : CompletableFuture.failedFuture(failure);
    }
    return witness
        .lastAttempt()
        .thenCompose(
            returned ->
                returned instanceof CompletionStage<?> bodyStage
                    ? (CompletionStage<Object>) bodyStage
                    : CompletableFuture.failedFuture(
                        new IllegalStateException("the method returned no CompletionStage")));
  }

  /** What a stage failed with, without the {@code CompletionException} around it. */
  private static Throwable unwrapped(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause()
        : failure;
  }

  private static void settle(CompletableFuture<Object> returned, Object value, Throwable failure) {
    if (failure == null) {
      returned.complete(value);
    } else {
      returned.completeExceptionally(failure);
    }
  }

  private boolean activeTransaction() {
    try {
      return transactions.status() == Transactions.Status.ACTIVE;
    } catch (RuntimeException e) {
      return false; // whenTransactionEnds reads it again, logs and releases
    }
  }

  /**
   * Writes the outcome as part of the active transaction, so the record and the work commit or roll
   * back together. The claim's end is registered first, so that the transaction's end ends it
   * whatever happens next: nothing more after a commit, a release after a rollback. When the
   * outcome cannot be written (the lock was lost, the store failed), the transaction is marked
   * rollback-only and the call fails: the work must not commit without its record.
   */
  private void recordWithWork(GuardedCall call, Execution execution, byte[] payload, Duration ttl) {
    try {
      transactions.afterCompletion(
          committed -> {
            if (committed) {
              execution.endCommitted();
            } else {
              release(call, execution);
            }
          });
    } catch (RuntimeException e) {
      cannotWait(call, e);
      release(call, execution);
      return;
    }
    Completion completion = execution.completeWithWork(payload, ttl);
    if (completion.stored()) {
      return;
    }
    throw rejected(call, UnwrittenWithWork.rollBack(transactions, describe(call), completion));
  }

  /**
   * Runs {@code ending} with {@code true} now when no transaction is open, with {@code false} now
   * when it can only roll back or cannot be waited for, else once it completes (with whether it
   * committed): the work's effects and the claim's end become visible together.
   */
  private void whenTransactionEnds(GuardedCall call, Consumer<Boolean> ending) {
    Transactions.Status status;
    try {
      status = transactions.status();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Reading the transaction's status failed; releasing the key", e);
      ending.accept(false);
      return;
    }
    switch (status) {
      case NONE -> ending.accept(true);
      case ROLLBACK_ONLY -> {
        LOG.log(Level.DEBUG, () -> "Releasing " + describe(call) + ": its transaction rolls back");
        ending.accept(false);
      }
      case ACTIVE -> {
        try {
          transactions.afterCompletion(ending);
        } catch (RuntimeException e) {
          cannotWait(call, e);
          ending.accept(false);
        }
      }
    }
  }

  private static void cannotWait(GuardedCall call, RuntimeException failure) {
    LOG.log(
        Level.WARNING,
        "Could not wait for the transaction of "
            + describe(call)
            + "; the key is released now and its outcome is not stored",
        failure);
  }

  private static void complete(Execution execution, byte[] payload, Duration ttl) {
    try {
      execution.complete(payload, ttl);
    } finally {
      execution.close(); // a no-op after a completion; releases when sealing the outcome threw
    }
  }

  /** Releases the key; never throws for an execution that already ended. */
  private static void release(GuardedCall call, Execution execution) {
    LOG.log(Level.DEBUG, () -> "Released " + describe(call));
    execution.close();
  }

  private IdempotencyException rejected(GuardedCall call, IdempotencyException e) {
    LOG.log(Level.DEBUG, () -> "Refused " + describe(call) + ": " + e.code());
    events.rejected(call.target(), call.key(), e.code());
    return e;
  }

  private static String describe(GuardedCall call) {
    return call.target() + " record " + LogKeys.digest(call.recordKey().value());
  }
}
