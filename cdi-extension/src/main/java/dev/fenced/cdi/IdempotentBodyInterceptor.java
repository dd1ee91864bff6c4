package dev.fenced.cdi;

import dev.fenced.FencedPriorities;
import dev.fenced.cdi.call.BodyWitness;
import dev.fenced.idempotency.Idempotent;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.io.Serializable;

/**
 * Witnesses the body of an {@code @Idempotent} method that MicroProfile Fault Tolerance shapes. Its
 * priority, {@link FencedPriorities#IDEMPOTENT_BODY}, puts it just inside Fault Tolerance, next to
 * the method, so it sees each attempt: when {@link IdempotentInterceptor} left a {@link
 * BodyWitness} in the invocation's context data (shared by the whole chain, also across Fault
 * Tolerance's asynchronous hand-off), the attempt runs through it. Otherwise the method proceeds.
 */
@Interceptor
@Idempotent
@Priority(FencedPriorities.IDEMPOTENT_BODY)
public class IdempotentBodyInterceptor implements Serializable {

  private static final long serialVersionUID = 1L;

  @AroundInvoke
  Object invoke(InvocationContext context) throws Exception {
    if (context.getContextData().get(BodyWitness.CONTEXT_KEY) instanceof BodyWitness witness) {
      return witness.attempt(context::proceed);
    }
    return context.proceed();
  }
}
