package dev.fenced.cdi;

import dev.fenced.FencedPriorities;
import dev.fenced.locks.OnOneInstance;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.io.Serializable;

/**
 * Runs an {@code @OnOneInstance} job only on the instance that holds its sticky lease, on direct
 * calls ({@code @AroundInvoke}, including tasks of a {@code ManagedScheduledExecutorService}) and
 * on EJB timers ({@code @AroundTimeout}: {@code @Schedule}, {@code @Timeout}). A skipped run
 * returns {@code null} (a primitive's default, an empty {@code Optional}). Its priority, {@link
 * FencedPriorities#ON_ONE_INSTANCE}, makes it the outermost Fenced interceptor; {@code
 * fenced.interceptor.priority} moves it at boot.
 */
@Interceptor
@OnOneInstance
@Priority(FencedPriorities.ON_ONE_INSTANCE)
public class OnOneInstanceInterceptor implements Serializable {

  private static final long serialVersionUID = 1L;

  @Inject FencedLocksRuntime runtime;

  @AroundInvoke
  Object invoke(InvocationContext context) throws Exception {
    return runtime.intercept(JobBinding.ONE_INSTANCE, context);
  }

  @AroundTimeout
  Object timeout(InvocationContext context) throws Exception {
    return runtime.intercept(JobBinding.ONE_INSTANCE, context);
  }
}
