package dev.fenced.cdi.call;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How the body of one {@code @Idempotent} call ended, seen from inside MicroProfile Fault
 * Tolerance. Fenced's interceptor runs outside Fault Tolerance and gets what Fault Tolerance made
 * of the call: a {@code @Fallback} answer after the body failed, a {@code TimeoutException} after
 * the body did its work, a refusal of a body that never ran. The outer interceptor puts a witness
 * into the invocation's context data ({@link #CONTEXT_KEY}); the inner one, next to the method,
 * runs each attempt of the body through {@link #attempt}. The outcome recorded is then the last
 * attempt's. Thread-safe: an asynchronous attempt ends on another thread.
 */
public final class BodyWitness {

  /** The key of the witness in {@code InvocationContext.getContextData()}. */
  public static final String CONTEXT_KEY = BodyWitness.class.getName();

  private final AtomicReference<CompletableFuture<Object>> lastAttempt = new AtomicReference<>();
  private final boolean runsOnce;

  /** A witness for a method whose retries never run a body that returned again. */
  public BodyWitness() {
    this(true);
  }

  /**
   * A witness.
   *
   * @param runsOnce whether an attempt after one whose body returned gets that body's value instead
   *     of running it; {@code false} for a method Fault Tolerance retries on a returned value
   *     (SmallRye's {@code @RetryWhen(result = ...)}), which means to run it again
   */
  public BodyWitness(boolean runsOnce) {
    this.runsOnce = runsOnce;
  }

  /**
   * Runs one attempt of the body and remembers how it ended. An attempt after one whose body
   * returned (Fault Tolerance retries it because its {@code @Timeout} fired after the work was
   * done) does not run the body again: it returns what that one returned, so the work is done once.
   * A body that returned a {@code CompletionStage} that failed or is still pending runs again.
   *
   * @param body the method itself
   * @return what it returned, or what the attempt before returned
   * @throws Exception what it threw
   */
  public Object attempt(Callable<Object> body) throws Exception {
    CompletableFuture<Object> previous = lastAttempt.get();
    if (runsOnce && previous != null && returned(previous)) {
      return previous.join();
    }
    CompletableFuture<Object> end = new CompletableFuture<>();
    lastAttempt.set(end);
    try {
      Object value = body.call();
      end.complete(value);
      return value;
    } catch (Exception | Error e) {
      end.completeExceptionally(e);
      throw e;
    }
  }

  private static boolean returned(CompletableFuture<Object> attempt) {
    if (!attempt.isDone() || attempt.isCompletedExceptionally()) {
      return false;
    }
    return !(attempt.join() instanceof CompletionStage<?> stage)
        || (stage.toCompletableFuture().isDone()
            && !stage.toCompletableFuture().isCompletedExceptionally());
  }

  /**
   * How the last attempt of the body ended, or will end while it still runs (Fault Tolerance gave
   * up waiting for it): completed with what it returned, or exceptionally with what it threw, or
   * with {@link NeverRan} when no attempt was made (an open circuit, a full bulkhead).
   *
   * @return the end of the last attempt
   */
  public CompletableFuture<Object> lastAttempt() {
    CompletableFuture<Object> end = lastAttempt.get();
    return end != null ? end : CompletableFuture.failedFuture(new NeverRan());
  }

  /** The body was never reached: Fault Tolerance refused the call before it. */
  public static final class NeverRan extends Exception {
    private static final long serialVersionUID = 1L;

    NeverRan() {
      super("the method's body never ran", null, false, false);
    }
  }
}
