package dev.fenced.cdi;

import dev.fenced.FencedPriorities;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.io.Serializable;

/**
 * Runs a {@code @WithoutOverlapping} job under its run lock, skipping a run that finds it held, on
 * direct calls ({@code @AroundInvoke}) and on EJB timers ({@code @AroundTimeout}). A skipped run
 * returns {@code null} (a primitive's default, an empty {@code Optional}). Its priority, {@link
 * FencedPriorities#WITHOUT_OVERLAPPING}, puts it inside the one-instance lease and outside Fault
 * Tolerance, so one run lock covers every {@code @Retry} attempt.
 */
@Interceptor
@WithoutOverlapping
@Priority(FencedPriorities.WITHOUT_OVERLAPPING)
public class WithoutOverlappingInterceptor implements Serializable {

  private static final long serialVersionUID = 1L;

  @Inject FencedLocksRuntime runtime;

  @AroundInvoke
  Object invoke(InvocationContext context) throws Exception {
    return runtime.intercept(JobBinding.WITHOUT_OVERLAPPING, context);
  }

  @AroundTimeout
  Object timeout(InvocationContext context) throws Exception {
    return runtime.intercept(JobBinding.WITHOUT_OVERLAPPING, context);
  }
}
