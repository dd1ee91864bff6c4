package dev.fenced.locks;

import jakarta.enterprise.util.Nonbinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Elects one instance of the cluster as the leader for {@link #value()}.
 *
 * <p>Put it on an {@code @ApplicationScoped} bean implementing {@link OnLeadershipAcquired} and/or
 * {@link OnLeadershipLost}. From application start every instance tries to take the lease every
 * {@code ttl / 3}; exactly one holds it, renews it, and gets {@link
 * OnLeadershipAcquired#onLeadershipAcquired(Lock)}. {@link OnLeadershipLost#onLeadershipLost} runs
 * when the lease is lost, when the acquired callback threw, and when the instance steps down at
 * undeploy. The same moments fire the {@link LeadershipAcquired} and {@link LeadershipLost} events.
 *
 * <p>The ttl can be overridden with {@code <class>/LeaderElection/ttl}, {@code LeaderElection/ttl},
 * then {@code fenced.locks.ttl}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface LeaderElection {

  /**
   * The election's key, shared by every instance that competes. Must not be empty, nor equal a
   * job's key or lease.
   *
   * @return the election key
   */
  @Nonbinding
  String value();

  /**
   * How long the leader's lease lives without renewal, so how soon another instance takes over
   * after the leader died. Must be positive. Empty inherits {@code fenced.locks.ttl}, default
   * {@code 30s}.
   *
   * @return a duration string, or empty
   */
  @Nonbinding
  String ttl() default "";
}
