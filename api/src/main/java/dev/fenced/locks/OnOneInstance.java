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
 * Runs the annotated job on one instance of the cluster.
 *
 * <p>The first instance whose job runs takes a sticky lease named {@code <key>:owner} and keeps
 * renewing it every {@code ttl / 3}, between runs too; runs on every other instance are skipped
 * (logged at FINE with the reason). When the owner dies its lease expires after {@code ttl} and the
 * next instance whose timer goes off takes the job over. Combine with {@link WithoutOverlapping} so
 * a long run is never started twice: without a key of its own, its run lock is named {@code <key>},
 * the job key, so {@code locks.withLock(key, ...)} by hand never overlaps a run. Works on EJB timer
 * methods ({@code @Schedule}, {@code @Timeout}), on tasks run by a {@code
 * ManagedScheduledExecutorService}, and on any CDI method.
 *
 * <p>Members can be overridden with MicroProfile Config: {@code
 * <class>/<method>/OnOneInstance/ttl}, {@code <class>/OnOneInstance/ttl}, {@code
 * OnOneInstance/ttl}, then {@code fenced.locks.ttl}.
 */
@InterceptorBinding
@Inherited
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface OnOneInstance {

  /**
   * The job's key; the lease is named {@code <key>:owner}, and the run lock of a {@link
   * WithoutOverlapping} without a key of its own {@code <key>}. Empty (the default) means {@code
   * <fully qualified class>.<method>}. Two jobs with one key, or a key equal to another job's lease
   * or an election's key, fail the deployment.
   *
   * @return the job key, or empty for the default
   */
  @Nonbinding
  String key() default "";

  /**
   * How long the lease lives without renewal, so how soon another instance takes over after the
   * owner died. Must be positive. Empty inherits {@code fenced.locks.ttl}, default {@code 30s}.
   *
   * @return a duration string with a unit ({@code "500ms"}, {@code "45s"}, ...), or empty
   */
  @Nonbinding
  String ttl() default "";
}
