package dev.fenced.arquillian.setup;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * Enabled for the whole deployment by {@code @Priority} alone (no {@code beans.xml} entry), at a
 * priority below MP Fault Tolerance's, as Fenced's interceptors will be: it wraps all retries of a
 * call. Counts calls ({@code invoke:<method>}) and EJB timeouts ({@code timeout:<method>}).
 */
@Counted
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
public class CountingInterceptor {

  @Inject Invocations invocations;

  @AroundInvoke
  Object aroundInvoke(InvocationContext context) throws Exception {
    invocations.record("invoke:" + context.getMethod().getName());
    return context.proceed();
  }

  @AroundTimeout
  Object aroundTimeout(InvocationContext context) throws Exception {
    invocations.record("timeout:" + context.getMethod().getName());
    return context.proceed();
  }
}
