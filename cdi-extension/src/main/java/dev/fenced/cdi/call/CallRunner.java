package dev.fenced.cdi.call;

import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Execution;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.StoragePolicy;
import dev.fenced.core.lease.LogKeys;
import dev.fenced.idempotency.IdempotencyException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Runs a non-HTTP call once per key: what the {@code @Idempotent} interceptor and the programmatic
 * {@code Idempotency} bean share.
 *
 * <p>Claims the key (waiting for a running duplicate with {@code OnConflict.WAIT}); replays a
 * stored outcome decoded with the call's result type; refuses a running duplicate ({@code
 * IDEMPOTENCY_KEY_IN_USE}) or a different call under the key ({@code IDEMPOTENCY_KEY_REUSED}).
 * Otherwise it runs the call and encodes its result (refusing one that cannot replay faithfully).
 * Inside an active transaction the outcome is recorded after the transaction ends: stored after a
 * commit, released after a rollback; a transaction that can only roll back releases at once;
 * without one it is stored when the call returns. An exception releases the key and propagates.
 * Every refusal fires {@code IdempotencyRejected}, every replay {@code IdempotencyReplayed}, a lost
 * lock {@code IdempotencyLockLost}. Thread-safe.
 */
public final class CallRunner {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final IdempotencyEngine engine;
  private final OutcomeCodec codec;
  private final Transactions transactions;
  private final IdempotencyEvents events;

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
    this.engine = Objects.requireNonNull(engine, "engine");
    this.codec = Objects.requireNonNull(codec, "codec");
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.events = Objects.requireNonNull(events, "events");
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
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(work, "work");
    Claim claim;
    try {
      claim = engine.claim(call.recordKey(), call.fingerprint(), call.options());
    } catch (IdempotencyException e) {
      throw rejected(call, e);
    }
    if (claim instanceof Claim.Claimed claimed) {
      return runClaimed(call, claimed.execution(), work);
    }
    if (claim instanceof Claim.Replay replay) {
      Object value;
      try {
        value = codec.decode(replay.payload(), call.resultType());
      } catch (IdempotencyException e) {
        throw rejected(call, e);
      }
      LOG.log(Level.DEBUG, () -> "Replayed " + describe(call));
      events.replayed(call.target(), call.key());
      return value;
    }
    if (claim instanceof Claim.InUse inUse) {
      throw rejected(call, IdempotencyEngine.inUse(inUse));
    }
    throw rejected(call, IdempotencyEngine.reused());
  }

  private Object runClaimed(GuardedCall call, Execution execution, Callable<?> work)
      throws Exception {
    execution.onLockLost(lost -> events.lockLost(call.target(), call.key()));
    Object result;
    byte[] payload;
    try {
      result = work.call();
      payload = codec.encode(result, call.resultType());
    } catch (Throwable failure) {
      execution.release();
      throw failure;
    }
    if (!StoragePolicy.of(call.storeIf()).storesReturn()) {
      execution.release();
      return result;
    }
    record(call, execution, payload);
    return result;
  }

  private void record(GuardedCall call, Execution execution, byte[] payload) {
    Duration ttl = call.options().ttl();
    switch (transactions.status()) {
      case NONE -> execution.complete(payload, ttl);
      case ROLLBACK_ONLY -> {
        LOG.log(Level.DEBUG, () -> "Released " + describe(call) + ": its transaction rolls back");
        execution.release();
      }
      case ACTIVE -> {
        try {
          transactions.afterCompletion(
              committed -> {
                if (committed) {
                  execution.complete(payload, ttl);
                } else {
                  LOG.log(Level.DEBUG, () -> "Released " + describe(call) + ": rolled back");
                  execution.release();
                }
              });
        } catch (RuntimeException e) {
          execution.release();
          throw e;
        }
      }
    }
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
