package dev.fenced.cdi.boot;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.Defaults;
import dev.fenced.cdi.model.JobLock;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.lang.annotation.Annotation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds the {@link JobMethod} of a bean method from its {@link OnOneInstance} and {@link
 * WithoutOverlapping} annotations and MicroProfile Config, or reports every problem with them.
 *
 * <p>A method is a job when it carries either annotation, or its class does and it is a business
 * method (not static, private, synthetic, a bridge or a lifecycle callback). The key is the
 * method's annotation's, else the class's, else, for a {@code WithoutOverlapping} beside an {@code
 * OnOneInstance}, the job key (so {@code withLock(jobKey)} excludes a run; the lease stays {@code
 * <job key>:owner}), else {@code <fully qualified class>.<method>}. The ttl follows {@link
 * MemberResolver}: {@code <class>/<method>/OnOneInstance/ttl}, {@code <class>/OnOneInstance/ttl},
 * {@code OnOneInstance/ttl}, the method's annotation, the class's, {@code fenced.locks.ttl}, then
 * {@link Defaults#LOCK_TTL}; likewise for {@code WithoutOverlapping}. {@code WithoutOverlapping}'s
 * {@code lockAtLeastFor} follows the same order without a global key (a minimum hold fits one job's
 * period, not every job's): empty is zero. Its {@code lockAtMostFor} too: empty is the global
 * {@code fenced.locks.max-renewal}; it must be above the ttl and not below {@code lockAtLeastFor}.
 */
public final class JobMethodReader {

  static final String AREA = "locks";

  private final ConfigLookup config;

  /**
   * Creates a reader.
   *
   * @param config where overrides and global settings come from
   */
  public JobMethodReader(ConfigLookup config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /**
   * Reads the job guards of one method.
   *
   * @param method the method's annotations, as CDI sees them
   * @return the model, or empty when the method is not a job
   * @throws InvalidModelException when the method is a job and something is invalid
   */
  public Optional<JobMethod> read(MethodAnnotations method) {
    List<String> problems = new ArrayList<>();
    Optional<JobLock> oneInstance =
        lock(
            method,
            OnOneInstance.class,
            OnOneInstance::key,
            OnOneInstance::ttl,
            null,
            null,
            null,
            problems);
    // without a key of its own, the run lock takes the job key: withLock(jobKey) excludes a run
    Optional<JobLock> withoutOverlapping =
        lock(
            method,
            WithoutOverlapping.class,
            WithoutOverlapping::key,
            WithoutOverlapping::ttl,
            WithoutOverlapping::lockAtLeastFor,
            WithoutOverlapping::lockAtMostFor,
            oneInstance.map(JobLock::key).orElse(null),
            problems);
    if (!problems.isEmpty()) {
      throw new InvalidModelException(problems);
    }
    if (oneInstance.isEmpty() && withoutOverlapping.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new JobMethod(
            method.beanClass().getName(),
            method.method().getName(),
            oneInstance,
            withoutOverlapping));
  }

  private <A extends Annotation> Optional<JobLock> lock(
      MethodAnnotations method,
      Class<A> type,
      Function<A, String> key,
      Function<A, String> ttl,
      Function<A, String> lockAtLeastFor, // null: the annotation has no minimum hold
      Function<A, String> lockAtMostFor, // null: the annotation has no maximum hold
      String defaultKey, // null: <class>.<method>
      List<String> problems) {
    A onMethod = method.onMethod(type);
    A onClass = method.onClass(type);
    if (onMethod == null && (onClass == null || !isBusinessMethod(method))) {
      return Optional.empty();
    }
    AnnotationReading<A> reading =
        new AnnotationReading<>(
            config,
            method.beanClass().getName(),
            method.method().getName(),
            type,
            AREA,
            onMethod,
            onClass,
            problems);
    String resolvedKey =
        firstNonBlank(
            onMethod == null ? "" : key.apply(onMethod),
            onClass == null ? "" : key.apply(onClass),
            defaultKey == null ? reading.target() : defaultKey);
    String annotation = "@" + type.getSimpleName();
    Optional<Duration> resolvedTtl =
        reading.duration(annotation + " ttl", reading.resolve("ttl", ttl, Defaults.LOCK_TTL));
    Duration minimumHold =
        lockAtLeastFor == null
            ? Duration.ZERO
            : reading.durationOrZero(
                annotation + " lockAtLeastFor",
                reading.resolveWithoutGlobal("lockAtLeastFor", lockAtLeastFor, ""));
    Optional<Duration> maximumHold = Optional.empty();
    if (lockAtMostFor != null) {
      String option = annotation + " lockAtMostFor";
      ResolvedValue value = reading.resolveWithoutGlobal("lockAtMostFor", lockAtMostFor, "");
      maximumHold = reading.optionalDuration(option, value);
      if (resolvedTtl.isPresent() && maximumHold.isPresent()) {
        checkMaximumHold(reading, option, value, resolvedTtl.get(), minimumHold, maximumHold.get());
      }
    }
    Optional<Duration> lockAtMost = maximumHold;
    return resolvedTtl.map(d -> new JobLock(resolvedKey, d, minimumHold, lockAtMost));
  }

  /**
   * A maximum hold must be above the ttl (a lock lives a ttl past its last renewal, so a cap below
   * the ttl would not bound the hold the ttl gives anyway) and not below the minimum hold (the two
   * would contradict each other).
   */
  private static void checkMaximumHold(
      AnnotationReading<?> reading,
      String option,
      ResolvedValue value,
      Duration ttl,
      Duration minimumHold,
      Duration maximumHold) {
    if (maximumHold.compareTo(ttl) <= 0) {
      reading.problem(
          DeploymentProblem.MEMBER_DURATION_INVALID.format(
              reading.target(),
              option,
              value.describe(),
              "not above the run lock's ttl of "
                  + ttl
                  + ": the lock lives one ttl past its last renewal, so the ttl, not"
                  + " lockAtMostFor, would bound the hold; set a lockAtMostFor above the ttl, or a"
                  + " shorter ttl"));
    }
    if (maximumHold.compareTo(minimumHold) < 0) {
      reading.problem(
          DeploymentProblem.MEMBER_DURATION_INVALID.format(
              reading.target(),
              option,
              value.describe(),
              "below lockAtLeastFor "
                  + minimumHold
                  + ": a run lock cannot be held at least longer than at most; raise"
                  + " lockAtMostFor or lower lockAtLeastFor"));
    }
  }

  private static boolean isBusinessMethod(MethodAnnotations method) {
    return method.coveredByClass()
        && method.onMethod(PostConstruct.class) == null
        && method.onMethod(PreDestroy.class) == null;
  }

  private static String firstNonBlank(String... values) {
    for (String value : values) {
      if (!value.isBlank()) {
        return value;
      }
    }
    throw new IllegalStateException("the default key is never blank");
  }
}
