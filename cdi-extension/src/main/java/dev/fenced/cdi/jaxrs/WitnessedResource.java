package dev.fenced.cdi.jaxrs;

import dev.fenced.cdi.call.BodyWitness;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.transaction.Transactions;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Keeps the outcome of a synchronous JAX-RS resource method that MicroProfile Fault Tolerance
 * shapes the outcome of its body, never an answer Fault Tolerance made up. It runs in the method's
 * {@code @Idempotent} interceptor, outside Fault Tolerance, and compares what Fault Tolerance
 * answered with what the {@link BodyWitness} saw of the body's last attempt:
 *
 * <ul>
 *   <li>the same value or exception: the body's own answer, stored as usual;
 *   <li>the body <em>returned</em> (its work is done) but Fault Tolerance answered otherwise (a
 *       {@code @Timeout} that fired after the work, perhaps then a {@code @Fallback}), and no
 *       transaction can roll the work back: the request is answered with the body's own response,
 *       which is stored, so the client and every retry see the work that was done, once;
 *   <li>anything else (a fallback after the body threw, a time-out in a transaction that then rolls
 *       back, a refusal of a body that never ran, a body still running): Fault Tolerance's answer
 *       goes to the client but is not stored ({@link ClaimedRequest#refuseStorage}), so the key is
 *       released and a retry runs the method.
 * </ul>
 *
 * <p>A resource method that answers asynchronously (a {@code CompletionStage}, or an {@code
 * AsyncResponse} parameter) is not witnessed: what its client got is its outcome.
 */
public final class WitnessedResource {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Transactions transactions;
  private final Supplier<Optional<ClaimedRequest>> currentClaim;

  /**
   * Creates the step for a deployment.
   *
   * @param transactions the transaction on the calling thread
   */
  public WitnessedResource(Transactions transactions) {
    this(transactions, RequestClaims::ofCurrentRequestClaim);
  }

  WitnessedResource(Transactions transactions, Supplier<Optional<ClaimedRequest>> currentClaim) {
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.currentClaim = Objects.requireNonNull(currentClaim, "currentClaim");
  }

  /**
   * Whether a resource method's body can be witnessed: it answers when it returns.
   *
   * @param resourceMethod the resource method
   * @return {@code false} for a method that answers through a {@code CompletionStage} or an {@code
   *     AsyncResponse}
   */
  public static boolean witnessable(Method resourceMethod) {
    return !CompletionStage.class.isAssignableFrom(resourceMethod.getReturnType())
        && !CommitMarking.answersAsynchronously(resourceMethod);
  }

  /**
   * Runs the resource method through Fault Tolerance and answers with the body's outcome where it
   * differs from Fault Tolerance's answer and the work cannot be rolled back.
   *
   * @param method the resource method's model
   * @param invocation runs the method: Fault Tolerance, then the witnessed body
   * @param witness the witness the body's interceptor reports to
   * @return the answer
   * @throws Exception Fault Tolerance's exception, when the answer is not the body's value
   */
  public Object proceed(IdempotentMethod method, Callable<Object> invocation, BodyWitness witness)
      throws Exception {
    Object answer = null;
    Exception thrown = null;
    try {
      answer = invocation.call();
    } catch (Exception e) {
      thrown = e;
    }
    CompletableFuture<Object> body = witness.lastAttempt();
    if (body.isDone() && sameAnswer(body, answer, thrown)) {
      return answerWith(answer, thrown);
    }
    if (returnedSynchronously(body) && !inTransaction()) {
      Object work = body.join();
      String answered = thrown != null ? thrown.getClass().getName() : "with a fallback";
      LOG.log(
          Level.INFO,
          () ->
              "Fault Tolerance answered "
                  + answered
                  + " for "
                  + method.target()
                  + " after its body had returned: the request is answered, and its outcome"
                  + " stored, with what the body returned, so the work is not run again");
      return work;
    }
    currentClaim
        .get()
        .filter(claimed -> claimed.model().target().equals(method.target()))
        .ifPresent(ClaimedRequest::refuseStorage);
    return answerWith(answer, thrown);
  }

  private static boolean sameAnswer(CompletableFuture<Object> body, Object answer, Exception e) {
    Object ended = body.handle((value, failure) -> failure != null ? failure : value).join();
    return e != null ? ended == e : !body.isCompletedExceptionally() && ended == answer;
  }

  private static boolean returnedSynchronously(CompletableFuture<Object> body) {
    return body.isDone()
        && !body.isCompletedExceptionally()
        && !(body.join() instanceof CompletionStage<?>);
  }

  private boolean inTransaction() {
    try {
      return transactions.status() != Transactions.Status.NONE;
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "Reading the transaction's status failed; taken as one", e);
      return true;
    }
  }

  private static Object answerWith(Object answer, Exception thrown) throws Exception {
    if (thrown != null) {
      throw thrown;
    }
    return answer;
  }
}
