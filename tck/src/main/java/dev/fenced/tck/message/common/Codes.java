package dev.fenced.tck.message.common;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.function.Executable;

/** Assertions on {@link IdempotencyException}s, with JUnit only (AssertJ is not in the server). */
public final class Codes {

  private Codes() {}

  /**
   * The code of the {@link IdempotencyException} in {@code failure}'s cause chain. An EJB throws it
   * unwrapped (it is an application exception), a future wraps it in an {@code ExecutionException}.
   *
   * @param failure what a call threw
   * @return the code
   * @throws AssertionError when the chain holds no {@code IdempotencyException}
   */
  public static ErrorCode of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof IdempotencyException e) {
        return e.code();
      }
    }
    throw new AssertionError("expected an IdempotencyException, got " + failure, failure);
  }

  /**
   * Runs {@code call} and returns the code of the {@link IdempotencyException} it threw.
   *
   * @param call the call
   * @return the code
   * @throws AssertionError when it returned or threw something else
   */
  public static ErrorCode thrownBy(Executable call) {
    try {
      call.execute();
    } catch (Throwable t) {
      return of(t);
    }
    throw new AssertionError("expected an IdempotencyException, but the call returned");
  }

  /**
   * Waits for a future.
   *
   * @param future the future
   * @param timeout the longest wait
   * @param <T> its result type
   * @return its value
   * @throws Exception what it completed with, unwrapped from the {@code ExecutionException}
   */
  public static <T> T await(CompletableFuture<T> future, Duration timeout) throws Exception {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } catch (TimeoutException e) {
      throw new AssertionError("the call did not finish within " + timeout, e);
    }
  }
}
