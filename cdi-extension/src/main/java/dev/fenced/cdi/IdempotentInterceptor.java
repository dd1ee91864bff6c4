package dev.fenced.cdi;

import dev.fenced.FencedPriorities;
import dev.fenced.cdi.call.GuardedCall;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.Idempotent;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.io.Serializable;
import java.util.Optional;

/**
 * Runs a non-HTTP {@code @Idempotent} method (an EJB, a CDI bean method, an observer) once per
 * {@code @IdempotencyKey}. JAX-RS resource methods pass straight through: the JAX-RS layer guards
 * them with HTTP semantics. Its priority, {@link FencedPriorities#IDEMPOTENT}, puts it outside
 * MicroProfile Fault Tolerance and inside {@code @Transactional}; {@code
 * fenced.interceptor.priority} moves it at boot.
 */
@Interceptor
@Idempotent
@Priority(FencedPriorities.IDEMPOTENT)
public class IdempotentInterceptor implements Serializable {

  private static final long serialVersionUID = 1L;

  @Inject FencedIdempotencyRuntime runtime;

  @AroundInvoke
  Object guard(InvocationContext context) throws Exception {
    Optional<GuardedMethod> guarded =
        runtime.guarded(context.getTarget().getClass(), context.getMethod());
    if (guarded.isEmpty() || guarded.get().model().http()) {
      return context.proceed();
    }
    GuardedMethod guard = guarded.get();
    GuardedCall call;
    try {
      call =
          runtime
              .calls()
              .forMethod(
                  guard.model(),
                  guard.method(),
                  guard.keyPath().orElseThrow(),
                  context.getParameters());
    } catch (IdempotencyException e) {
      runtime.rejected(guard.model().target(), null, e.code());
      throw e;
    }
    return runtime.runner().run(call, context::proceed);
  }
}
