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
 * {@link Locks#tryAcquire(String)} belongs to no thread, so the job is skipped under it, unless the
 * call runs inside {@link LocksContext#callUnder(Lock, java.util.concurrent.Callable)} with it;
 * work handed to another thread with {@link LocksContext#capture()} runs inside the hold too.
 *
 * <p><b>No overlap is not one run per tick.</b> Alone it guarantees only that two runs never
 * overlap: when instances' timers go off a little apart, a run that ends before another instance's
 * timer goes off lets that instance run the same tick again. {@link #lockAtLeastFor()} (set a bit
 * below the job's period and above the worst skew between the timers) keeps the lock that long
 * after each run began, so those late runs are skipped; {@link OnOneInstance} (one instance runs
 * the job) gives one run per tick whatever a run's length.
 *
 * <p>Members can be overridden with MicroProfile Config: {@code
 * <class>/<method>/WithoutOverlapping/ttl}, {@code <class>/WithoutOverlapping/ttl}, {@code
 * WithoutOverlapping/ttl}, then {@code fenced.locks.ttl}; likewise {@code lockAtLeastFor} and
 * {@code lockAtMostFor}, which have no global key of their own ({@code lockAtMostFor} falls back to
 * {@code fenced.locks.max-renewal}).
 */
@InterceptorBinding
@Inherited
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface WithoutOverlapping {

  /**
   * The run lock's key. Empty (the default) means the job key of the {@link OnOneInstance} on the
   * same method or class, when there is one (its lease is {@code <key>:owner}, its run lock {@code
   * <key>}), else {@code <fully qualified class>.<method>}. Take the same key with {@link
   * Locks#withLock} to run the job by hand without overlapping it: with {@code @OnOneInstance(key =
   * "nightly-export")} and a {@code @WithoutOverlapping} without a key, {@code
   * locks.withLock("nightly-export", ...)} and the job's runs exclude each other.
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

  /**
   * How long the run lock stays held at least, counted from the moment its acquisition was
   * requested (ShedLock's {@code lockAtLeastFor}). A run that ends sooner, normally or by throwing
   * (or whose JTA transaction ends sooner), does not release the lock: it is left in the store,
   * checked to be still this run's own, until that moment, and every run before it, on any
   * instance, this one too, is skipped as {@link SkipReason#RUN_LOCK_HELD}. A run that lasts longer
   * releases the lock when it ends, as without this member. A lock lost during the run is not
   * extended. A call that re-enters its thread's hold changes nothing.
   *
   * <p>Empty (the default) or {@code 0} means no minimum hold. It may be longer than {@link
   * #ttl()}: the lock is renewed while the run lasts, and given what remains of the hold when it
   * ends. A negative, unparsable or too long (over {@code 3650d}) value fails the deployment,
   * naming where it came from. There is no global key: set it a bit below this job's period.
   *
   * @return a duration string, or empty for none
   */
  @Nonbinding
  String lockAtLeastFor() default "";

  /**
   * How long after its acquisition was requested the run lock is renewed at most (ShedLock's {@code
   * lockAtMostFor}, for a lock that is renewed): a run still going then is no longer protected.
   * Renewal stops (with a WARNING), the lock expires a ttl after its last renewal, and the run is
   * told as of any lost lock: {@link LockLost} fires, {@link Lock#isHeld()} turns false, the run's
   * thread is interrupted (unless {@code fenced.locks.interrupt-on-loss} is {@code false}); another
   * instance can take the lock from then on. So a hung run blocks the job for at most {@code
   * lockAtMostFor} plus one ttl.
   *
   * <p>Empty (the default) means the global cap {@code fenced.locks.max-renewal} (default {@code
   * 24h}); a value here replaces it for this job. It must be above {@link #ttl()} (the lock lives a
   * ttl past its last renewal, so with a cap below the ttl the ttl would decide the hold: set a
   * shorter ttl for a short cap) and not below {@link #lockAtLeastFor()}; a zero, negative or
   * unparsable value, or one that breaks those rules, fails the deployment, naming where it came
   * from.
   *
   * @return a duration string, or empty for the global cap
   */
  @Nonbinding
  String lockAtMostFor() default "";
}
