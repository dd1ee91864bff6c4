package dev.fenced.cdi.jaxrs;

import dev.fenced.cdi.call.RunControl;
import dev.fenced.cdi.call.UnwrittenWithWork;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.LogKeys;
import dev.fenced.core.idempotency.Completion;
import dev.fenced.core.idempotency.Execution;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request that holds its idempotency key while the method runs, kept in a request property from
 * the request filter to the writer interceptor.
 *
 * <p>It ends exactly once, by whichever comes first: {@link #store} (the response is recorded),
 * {@link #release} (a retry may run the method again) or {@link #abandon} (the request ended
 * without either, e.g. after an unmapped exception). Store and release wait for an active JTA
 * transaction to end ({@link Transactions#whenDone}); the key stays locked, and renewed, until
 * then. Whatever fails on the way (encoding, the transaction registry, the store), the execution is
 * ended: a claim never stays renewed after its request.
 *
 * <p>It is the run the injectable {@code IdempotencyContext} sees during the request: {@link
 * #doNotStore()} refuses storage as {@link #refuseStorage()} does, so the response filter releases
 * the key instead of recording the response.
 */
final class ClaimedRequest implements RunControl {

  /** The request property (a servlet request attribute in a servlet container) holding it. */
  static final String PROPERTY = ClaimedRequest.class.getName();

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final IdempotentMethod model;
  private final String target;
  private final String key;
  private final Execution execution;
  private final Transactions transactions;
  private final AtomicBoolean decided = new AtomicBoolean();
  private volatile int awaitedStatus;
  private volatile boolean filtersPassed;
  private volatile boolean storageRefused;
  private volatile boolean exceptionChosen;
  private volatile boolean storingGivenUp;

  /**
   * Wraps a claimed execution.
   *
   * @param model the guarded method
   * @param target the request as events name it, {@code "POST /orders/7/pay"}
   * @param key the client's key
   * @param execution the claimed execution, renewing its lock
   * @param transactions when to record
   */
  ClaimedRequest(
      IdempotentMethod model,
      String target,
      String key,
      Execution execution,
      Transactions transactions) {
    this.model = Objects.requireNonNull(model, "model");
    this.target = Objects.requireNonNull(target, "target");
    this.key = Objects.requireNonNull(key, "key");
    this.execution = Objects.requireNonNull(execution, "execution");
    this.transactions = Objects.requireNonNull(transactions, "transactions");
  }

  IdempotentMethod model() {
    return model;
  }

  String target() {
    return target;
  }

  /**
   * The record as logs name it: a digest, never the caller's scope or key.
   *
   * @return for example {@code #3fa2c1d09b7e}
   */
  String recordDigest() {
    return LogKeys.digest(execution.recordKey().value());
  }

  /** Notes that every request filter let the request through, so the resource method is next. */
  void passFilters() {
    filtersPassed = true;
  }

  /**
   * Whether every request filter let the request through; {@code false} means a filter after
   * Fenced's answered (or failed) and the resource method never ran.
   *
   * @return whether the request got past the last request filter
   */
  boolean filtersPassed() {
    return filtersPassed;
  }

  /**
   * Notes that the response is not the method's outcome (MicroProfile Fault Tolerance answered
   * instead of the method's body, see {@link WitnessedResource}): whatever its status, the response
   * filter releases the key instead of storing it, and no commit is marked with the work.
   */
  void refuseStorage() {
    storageRefused = true;
  }

  @Override
  public String key() {
    return key;
  }

  /**
   * Gives up recording the response on the application's word ({@code
   * IdempotencyContext.doNotStore()}): as {@link #refuseStorage()}.
   */
  @Override
  public void doNotStore() {
    storingGivenUp = true;
    storageRefused = true;
  }

  @Override
  public boolean storingGivenUp() {
    return storingGivenUp;
  }

  /**
   * Whether {@link #refuseStorage} or {@link #doNotStore} was called.
   *
   * @return whether the response must not be stored
   */
  boolean storageRefused() {
    return storageRefused;
  }

  /**
   * Notes that the resource method threw an exception it chose to store ({@code storeOn}): the
   * response made from it is stored whatever its status.
   */
  void chooseException() {
    exceptionChosen = true;
  }

  /**
   * Whether {@link #chooseException} was called.
   *
   * @return whether the response is stored whatever its status
   */
  boolean exceptionChosen() {
    return exceptionChosen;
  }

  /**
   * Notes that the body is to be captured, with the final status the response filter saw.
   *
   * @param status the status to store with the body
   */
  void awaitBody(int status) {
    awaitedStatus = status;
  }

  /**
   * The status noted by {@link #awaitBody}, while the request has not ended.
   *
   * @return the status, or 0 when no body is awaited
   */
  int awaitedStatus() {
    return decided.get() ? 0 : awaitedStatus;
  }

  /**
   * Writes the commit mark in the resource method's active transaction ({@code
   * fenced.idempotency.commit=with-work}), so that once the work commits a retry never runs it
   * again, even when this server dies before the response is recorded. Registers first for the end
   * of the transaction, which resumes the claim's renewal; the response then ends the claim as
   * usual. When the mark cannot be written, the transaction is marked rollback-only and the method
   * fails: the work must not commit unmarked once its claim may be lost.
   *
   * @param active the active transaction
   * @throws IdempotencyException {@code IDEMPOTENCY_LOCK_LOST} or {@code
   *     IDEMPOTENCY_STORE_UNAVAILABLE} when the mark was not written
   */
  void markCommittedWithWork(Transactions active) {
    if (decided.get()) {
      return;
    }
    try {
      active.afterCompletion(execution::markEnded);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "Could not wait for the transaction of "
              + target
              + "; its commit is not marked, so its response is recorded after the commit",
          e);
      return;
    }
    Completion marked = execution.markCommittedWithWork(model.ttl());
    if (marked.stored()) {
      LOG.log(Level.DEBUG, () -> "Marked the commit of " + target + " with its work");
      return;
    }
    throw UnwrittenWithWork.rollBack(active, target, marked);
  }

  /**
   * Records the outcome for replay, once the work it describes is committed; releases the key when
   * it rolls back. Does nothing when the request already ended.
   *
   * @param outcome the response the client received
   */
  void store(HttpOutcome outcome) {
    if (!decided.compareAndSet(false, true)) {
      return;
    }
    try {
      byte[] payload = HttpOutcomeCodec.encode(outcome);
      transactions.whenDone(committed -> record(committed, payload));
    } catch (RuntimeException | Error e) {
      execution.close();
      throw e;
    }
  }

  private void record(boolean committed, byte[] payload) {
    if (!committed) {
      releaseNow("its transaction rolled back");
      return;
    }
    try {
      Completion completion = execution.complete(payload, model.ttl());
      LOG.log(Level.DEBUG, () -> "Recorded the outcome of " + target + ": " + completion);
    } finally {
      execution.close(); // ends it when complete failed before ending; else does nothing
    }
  }

  /**
   * Releases the key, once an active transaction ended, so a retry runs the method again. Does
   * nothing when the request already ended.
   *
   * @param reason why, for the log
   */
  void release(String reason) {
    if (decided.compareAndSet(false, true)) {
      try {
        transactions.whenDone(committed -> releaseNow(reason));
      } catch (RuntimeException | Error e) {
        execution.close();
        throw e;
      }
    }
  }

  /**
   * Releases the key now if nothing else ended the request: the request is over and no response
   * filter or writer interceptor recorded or released it.
   *
   * @return whether this call released it
   */
  boolean abandon() {
    if (!decided.compareAndSet(false, true)) {
      return false;
    }
    releaseNow("the request ended without a response Fenced could record (an unmapped exception?)");
    return true;
  }

  private void releaseNow(String reason) {
    execution.close();
    LOG.log(Level.DEBUG, () -> "Released the idempotency key of " + target + ": " + reason);
  }

  @Override
  public String toString() {
    return "ClaimedRequest[" + target + "]";
  }
}
