package dev.fenced.cdi.jaxrs;

import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.StoragePolicy;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The part of a JAX-RS resource method's idempotency that runs in its {@code @Idempotent}
 * interceptor, so inside the method's own transaction: with {@code
 * fenced.idempotency.commit=with-work}, when the method returns a response that will be stored, the
 * request's claim writes its commit mark there ({@link ClaimedRequest#markCommittedWithWork}). The
 * record and the work then commit together, and a crash before the response is recorded leaves a
 * record a retry never runs again ({@code IDEMPOTENCY_OUTCOME_LOST}) instead of a claim that
 * expires.
 *
 * <p>Nothing is marked, and the response is recorded after the commit as with {@code after-work},
 * when: the mode is {@code after-work}; no transaction is active (the resource method is neither an
 * EJB nor {@code @Transactional}); the method threw, or returned a response the storage policy does
 * not keep, a streamed body, or an asynchronous result (a {@code CompletionStage}, or a {@code
 * void} method that answers through a {@code @Suspended AsyncResponse}: its work is still to run
 * when it returns, and a mark then would turn a failure, a time-out or a crash of that work into
 * {@code IDEMPOTENCY_OUTCOME_LOST} for the whole ttl); or the request has no claim of this method
 * (no key, or a replay). A mark whose response turns out not to be stored after all (a writer that
 * failed, a later filter's status) keeps the record: a retry gets {@code IDEMPOTENCY_OUTCOME_LOST},
 * never a second run of committed work.
 */
public final class CommitMarking {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final OutcomeCommit commit;
  private final Transactions transactions;
  private final Supplier<Optional<ClaimedRequest>> currentClaim;

  /**
   * Creates the step for a deployment.
   *
   * @param commit the deployment's {@code fenced.idempotency.commit}
   * @param transactions the transaction on the calling thread
   */
  public CommitMarking(OutcomeCommit commit, Transactions transactions) {
    this(commit, transactions, RequestClaims::ofCurrentRequestClaim);
  }

  CommitMarking(
      OutcomeCommit commit,
      Transactions transactions,
      Supplier<Optional<ClaimedRequest>> currentClaim) {
    this.commit = Objects.requireNonNull(commit, "commit");
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.currentClaim = Objects.requireNonNull(currentClaim, "currentClaim");
  }

  /**
   * Runs the resource method, then marks its commit when it should.
   *
   * @param method the intercepted resource method's model
   * @param resourceMethod the intercepted resource method
   * @param invocation runs the method
   * @return what the method returned
   * @throws Exception what the method threw, or {@code IDEMPOTENCY_LOCK_LOST} and {@code
   *     IDEMPOTENCY_STORE_UNAVAILABLE} when the mark could not be written (the transaction is then
   *     rollback-only)
   */
  public Object proceed(IdempotentMethod method, Method resourceMethod, Callable<Object> invocation)
      throws Exception {
    Object result;
    try {
      result = invocation.call();
    } catch (Exception e) {
      if (method.storesException(e)) {
        currentClaim
            .get()
            .filter(c -> c.model().target().equals(method.target()))
            .ifPresent(ClaimedRequest::chooseException);
      }
      throw e;
    }
    if (commit != OutcomeCommit.WITH_WORK
        || answersAsynchronously(resourceMethod)
        || !stored(method, result)) {
      return result;
    }
    Optional<ClaimedRequest> claimed =
        currentClaim
            .get()
            .filter(ClaimedRequest::filtersPassed)
            .filter(c -> !c.storageRefused())
            .filter(c -> c.model().target().equals(method.target()));
    if (claimed.isEmpty() || !activeTransaction()) {
      return result;
    }
    claimed.get().markCommittedWithWork(transactions);
    return result;
  }

  /**
   * Whether the method answers later through an {@code AsyncResponse} it was given.
   *
   * @param resourceMethod the resource method
   * @return whether a parameter is an {@code AsyncResponse}
   */
  static boolean answersAsynchronously(Method resourceMethod) {
    for (Class<?> type : resourceMethod.getParameterTypes()) {
      if (AsyncResponse.class.isAssignableFrom(type)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the response filter will store what the method returned, as far as it is known. */
  private static boolean stored(IdempotentMethod method, Object result) {
    if (result instanceof CompletionStage<?>) {
      return false; // answered later, on another thread, possibly after the transaction
    }
    StoragePolicy policy = method.storagePolicy();
    if (result instanceof Response response) {
      Object entity = response.hasEntity() ? response.getEntity() : null;
      return plansToStore(policy, response.getStatus(), entity, response.getMediaType());
    }
    return plansToStore(policy, result == null ? 204 : 200, result, null);
  }

  private static boolean plansToStore(
      StoragePolicy policy, int status, Object entity, jakarta.ws.rs.core.MediaType mediaType) {
    ResponsePlan plan = ResponsePlan.of(policy, status, entity, mediaType);
    return plan == ResponsePlan.STORE_NOW || plan == ResponsePlan.CAPTURE_BODY;
  }

  private boolean activeTransaction() {
    try {
      return transactions.status() == Transactions.Status.ACTIVE;
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "Reading the transaction's status failed; the commit is not marked", e);
      return false;
    }
  }
}
