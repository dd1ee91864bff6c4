package dev.fenced.cdi.model;

import dev.fenced.cdi.config.ConfigLookup;
import jakarta.enterprise.inject.spi.Bean;
import java.util.Map;

/**
 * What the deployment read, as the runtime reads it: the interceptors, the runtimes, the JAX-RS
 * feature and the health checks find each method's model here, never in the extension that built
 * it. The extension is the one implementation (its bean is one every archive of the application
 * resolves); each registry is complete once the deployment is validated, and immutable.
 */
public interface ModelProvider {

  /**
   * The application's configuration, as read when the container booted.
   *
   * @return the lookup; empty when MicroProfile Config is unavailable (a deployment problem)
   */
  ConfigLookup config();

  /**
   * The {@code @Idempotent} methods of the deployment.
   *
   * @return the methods by bean class and method
   */
  MethodRegistry<IdempotentMethod> idempotentMethods();

  /**
   * The {@code @OnOneInstance} / {@code @WithoutOverlapping} jobs of the deployment.
   *
   * @return the jobs by bean class and method
   */
  MethodRegistry<JobMethod> jobs();

  /**
   * The {@code @LeaderElection} beans of the deployment.
   *
   * @return the elections, each with the bean whose instance gets the callbacks, in the order read
   */
  Map<ElectionBean, Bean<?>> elections();

  /**
   * Whether the application uses locks: a job, an election, or an injected {@code Locks} or {@code
   * LocksContext}. Only then does the lock store's in-memory store check, set-up check and startup
   * warning apply, so an application that only uses {@code @Idempotent} is not asked to configure a
   * lock store.
   *
   * @return whether it does
   */
  boolean usesLocks();
}
