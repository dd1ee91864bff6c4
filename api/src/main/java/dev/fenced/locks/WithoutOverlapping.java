package dev.fenced.locks;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Never runs the annotated job twice at the same time, on any instance.
 *
 * <p>Each run holds a run lock named {@code key} for its whole duration, renewed every {@code ttl /
 * 3}; a run that finds it held is skipped (logged at FINE with the reason). Alone it means "any
 * instance, one run at a time"; with {@link OnOneInstance}, "one instance, one run at a time". The
 * run's lock and fencing token are available from {@link LocksContext}. Works on EJB timer methods,
 * on tasks run by a {@code ManagedScheduledExecutorService}, and on any CDI method.
 *
 * <p><b>Re-entrant for the thread that holds the run lock</b>, like {@code ReentrantLock}: a call
 * made on a thread that already runs inside the work of a lock on {@code key} (a {@link
 * Locks#withLock} on it, or this job's own run calling the job again) runs at once inside that
 * hold: no second acquisition, nothing released when it returns, the outer run's lock and fencing
 * token in {@link LocksContext}. The outer holder keeps renewing the lock and releases it when its
 * own work ends. If the outer hold was lost, the call throws {@link LockLostException}. A call from
 * any other thread, of this instance too, is still skipped while the hold lasts. A lock taken with
 * {@link Locks#tryAcquire(String)} belongs to no thread, so the job is skipped under it.
 *
 * <p>Members can be overridden with MicroProfile Config: {@code
 * <class>/<method>/WithoutOverlapping/ttl}, {@code <class>/WithoutOverlapping/ttl}, {@code
 * WithoutOverlapping/ttl}, then {@code fenced.locks.ttl}.
 */
@InterceptorBinding
@Inherited
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface WithoutOverlapping {

  /**
   * The run lock's key. Empty (the default) means {@code <fully qualified class>.<method>}. Take
   * the same key with {@link Locks#withLock} to run the job by hand without overlapping it.
   *
   * @return the lock key, or empty for the default
   */
  @Nonbinding
  String key() default "";

  /**
   * How long the run lock lives without renewal. Must be positive. Empty inherits {@code
   * fenced.locks.ttl}, default {@code 30s}. A long run is renewed, so the ttl need not cover it.
   *
   * @return a duration string, or empty
   */
  @Nonbinding
  String ttl() default "";
}
