package dev.fenced.cdi;

import dev.fenced.cdi.call.CallFactory;
import dev.fenced.cdi.call.GuardedCall;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.idempotency.IdempotentResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * The injectable {@link Idempotency}: the interceptor's guarantees for code that has its key in
 * hand. Record key {@code <scope>:<key>:dev.fenced.idempotency.Idempotency.execute}, the scope
 * being the caller principal's name (none for an unauthenticated caller); the result is stored and
 * replayed as {@link IdempotencyOptions#resultType()}; the fingerprint counts the result type and
 * the payload, if any ({@link CallFactory#forProgrammatic}).
 */
@ApplicationScoped
public class ProgrammaticIdempotency implements Idempotency {

  @Inject FencedIdempotencyRuntime runtime;

  @Override
  @SuppressWarnings("unchecked")
  public <T> T execute(String key, Callable<T> work, IdempotencyOptions options) throws Exception {
    Objects.requireNonNull(work, "work");
    return (T) runtime.runner().run(call(key, options), work);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> IdempotentResult<T> executeWithMetadata(
      String key, Callable<T> work, IdempotencyOptions options) throws Exception {
    Objects.requireNonNull(work, "work");
    return (IdempotentResult<T>) runtime.runner().runWithMetadata(call(key, options), work);
  }

  private GuardedCall call(String key, IdempotencyOptions options) {
    Objects.requireNonNull(options, "options");
    try {
      return runtime.calls().forProgrammatic(key, options);
    } catch (IdempotencyException e) {
      runtime.rejected(CallFactory.PROGRAMMATIC_TARGET, null, e.code());
      throw e;
    }
  }
}
