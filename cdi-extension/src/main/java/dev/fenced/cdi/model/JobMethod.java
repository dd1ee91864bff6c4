package dev.fenced.cdi.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A job method guarded by {@code @OnOneInstance}, {@code @WithoutOverlapping} or both, resolved
 * from the annotations and MicroProfile Config and validated once at deployment. Immutable.
 *
 * @param className the fully qualified bean class name
 * @param methodName the method name
 * @param oneInstance the {@code @OnOneInstance} job key and lease ttl, if guarded so
 * @param withoutOverlapping the {@code @WithoutOverlapping} run lock, if guarded so
 */
public record JobMethod(
    String className,
    String methodName,
    Optional<JobLock> oneInstance,
    Optional<JobLock> withoutOverlapping) {

  /** What a job key gets to name its one-instance lease. */
  public static final String LEASE_SUFFIX = ":owner";

  /**
   * Validates the components.
   *
   * @param className never {@code null}
   * @param methodName never {@code null}
   * @param oneInstance never {@code null}
   * @param withoutOverlapping never {@code null}; one of the two is present
   */
  public JobMethod {
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(oneInstance, "oneInstance");
    Objects.requireNonNull(withoutOverlapping, "withoutOverlapping");
    if (oneInstance.isEmpty() && withoutOverlapping.isEmpty()) {
      throw new IllegalArgumentException("a job has a one-instance lease, a run lock or both");
    }
  }

  /**
   * The target as events and logs name it, and the default key.
   *
   * @return {@code com.example.Export.run}
   */
  public String target() {
    return className + "." + methodName;
  }

  /**
   * The one-instance lease's key.
   *
   * @return {@code <job key>:owner}, or empty when the job is not {@code @OnOneInstance}
   */
  public Optional<String> leaseKey() {
    return oneInstance.map(lock -> lock.key() + LEASE_SUFFIX);
  }
}
