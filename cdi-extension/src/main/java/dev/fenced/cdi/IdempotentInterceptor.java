package dev.fenced.cdi;

import dev.fenced.FencedPriorities;
import dev.fenced.idempotency.Idempotent;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.io.Serializable;

/**
 * Runs a non-HTTP {@code @Idempotent} method (an EJB, a CDI bean method, an observer) once per
 * {@code @IdempotencyKey}. JAX-RS resource methods proceed: the JAX-RS layer guards them with HTTP
 * semantics. Its priority, {@link FencedPriorities#IDEMPOTENT}, puts it outside MicroProfile Fault
 * Tolerance and inside {@code @Transactional}; {@code fenced.interceptor.priority} moves it at
 * boot. For a method Fault Tolerance annotates, {@link IdempotentBodyInterceptor}, inside Fault
 * Tolerance, tells it what the method's body did.
 */
@Interceptor
@Idempotent
@Priority(FencedPriorities.IDEMPOTENT)
public class IdempotentInterceptor implements Serializable {

  private static final long serialVersionUID = 1L;

  @Inject FencedIdempotencyRuntime runtime;

  @AroundInvoke
  Object invoke(InvocationContext context) throws Exception {
    return runtime.intercept(context);
  }
}
