package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.config.DurationParser;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
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
 * method's annotation's, else the class's, else {@code <fully qualified class>.<method>}. The ttl
 * follows {@link MemberResolver}: {@code <class>/<method>/OnOneInstance/ttl}, {@code
 * <class>/OnOneInstance/ttl}, {@code OnOneInstance/ttl}, the method's annotation, the class's,
 * {@code fenced.locks.ttl}, then {@code 30s}; likewise for {@code WithoutOverlapping}.
 */
public final class JobMethodReader {

  static final String AREA = "locks";
  static final String DEFAULT_TTL = "30s";

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
   * @param beanClass the bean class, whose name the config keys use
   * @param method a method of the bean
   * @return the model, or empty when the method is not a job
   * @throws InvalidGuardException when the method is a job and something is invalid
   */
  public Optional<JobMethod> read(Class<?> beanClass, Method method) {
    String target = beanClass.getName() + "." + method.getName();
    List<String> problems = new ArrayList<>();
    Optional<JobLock> oneInstance =
        lock(
            beanClass,
            method,
            OnOneInstance.class,
            OnOneInstance::key,
            OnOneInstance::ttl,
            target,
            problems);
    Optional<JobLock> withoutOverlapping =
        lock(
            beanClass,
            method,
            WithoutOverlapping.class,
            WithoutOverlapping::key,
            WithoutOverlapping::ttl,
            target,
            problems);
    if (!problems.isEmpty()) {
      throw new InvalidGuardException(problems);
    }
    if (oneInstance.isEmpty() && withoutOverlapping.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new JobMethod(beanClass.getName(), method.getName(), oneInstance, withoutOverlapping));
  }

  private <A extends Annotation> Optional<JobLock> lock(
      Class<?> beanClass,
      Method method,
      Class<A> type,
      Function<A, String> key,
      Function<A, String> ttl,
      String target,
      List<String> problems) {
    A onMethod = method.getAnnotation(type);
    A onClass = beanClass.getAnnotation(type);
    if (onClass == null) {
      onClass = method.getDeclaringClass().getAnnotation(type);
    }
    if (onMethod == null && (onClass == null || !isBusinessMethod(method))) {
      return Optional.empty();
    }
    String name = type.getSimpleName();
    String resolvedKey = firstNonBlank(member(onMethod, key), member(onClass, key), target);
    MemberResolver members =
        new MemberResolver(config, beanClass.getName(), method.getName(), name, AREA);
    ResolvedValue value =
        members.resolve("ttl", member(onMethod, ttl), member(onClass, ttl), DEFAULT_TTL);
    Optional<Duration> parsed = positive(value, "@" + name + " ttl", target, problems);
    return parsed.map(d -> new JobLock(resolvedKey, d));
  }

  /**
   * Parses a positive duration, or adds a problem naming the target, option and value.
   *
   * @return the duration, or empty after a problem
   */
  static Optional<Duration> positive(
      ResolvedValue value, String option, String target, List<String> problems) {
    try {
      Optional<Duration> parsed = DurationParser.parsePositive(option, value.value());
      if (parsed.isEmpty()) {
        problems.add(
            DeploymentProblem.MEMBER_DURATION_INVALID.format(
                target,
                option,
                value.describe(),
                "the value is empty; " + DurationParser.ACCEPTED_FORMS));
      }
      return parsed;
    } catch (IllegalArgumentException e) {
      problems.add(
          DeploymentProblem.MEMBER_DURATION_INVALID.format(
              target, option, value.describe(), e.getMessage()));
      return Optional.empty();
    }
  }

  private static boolean isBusinessMethod(Method method) {
    int modifiers = method.getModifiers();
    return !Modifier.isStatic(modifiers)
        && !Modifier.isPrivate(modifiers)
        && !method.isSynthetic()
        && !method.isBridge()
        && method.getDeclaringClass() != Object.class
        && !method.isAnnotationPresent(PostConstruct.class)
        && !method.isAnnotationPresent(PreDestroy.class);
  }

  private static <A> String member(A annotation, Function<A, String> member) {
    return annotation == null ? "" : member.apply(annotation);
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
