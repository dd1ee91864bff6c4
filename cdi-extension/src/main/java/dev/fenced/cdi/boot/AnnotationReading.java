package dev.fenced.cdi.boot;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigKeys;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.store.support.DurationParser;
import java.lang.annotation.Annotation;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One Fenced annotation being read for one target: the annotation on the method and on the class,
 * where each member's value comes from ({@link MemberResolver}), the global config, and the
 * problems found so far, each naming the target.
 *
 * @param <A> the annotation type
 */
final class AnnotationReading<A extends Annotation> {

  private final String target;
  private final A onMethod;
  private final A onClass;
  private final ConfigLookup config;
  private final String area;
  private final MemberResolver members;
  private final List<String> problems;

  /**
   * Starts reading.
   *
   * @param config where overrides and global settings come from
   * @param className the bean class name, whose name the config keys use
   * @param methodName the method name, or {@code null} for a class-level annotation
   * @param type the annotation type
   * @param area the global area, {@code idempotency} or {@code locks}
   * @param onMethod the method's annotation (a class-level annotation's own), or {@code null}
   * @param onClass the class's annotation, or {@code null}
   * @param problems where problems go, each naming the target
   */
  AnnotationReading(
      ConfigLookup config,
      String className,
      String methodName,
      Class<A> type,
      String area,
      A onMethod,
      A onClass,
      List<String> problems) {
    this.problems = Objects.requireNonNull(problems, "problems");
    this.config = Objects.requireNonNull(config, "config");
    this.target = methodName == null ? className : className + "." + methodName;
    this.area = Objects.requireNonNull(area, "area");
    this.onMethod = onMethod;
    this.onClass = onClass;
    this.members = new MemberResolver(config, className, methodName, type.getSimpleName(), area);
  }

  /**
   * The target as messages name it.
   *
   * @return {@code com.example.Pay.pay}, or the class name for a class-level annotation
   */
  String target() {
    return target;
  }

  /**
   * Resolves a member.
   *
   * @param member the member's name
   * @param value the member's value on an annotation, blank for "not set here"
   * @param defaultValue the value when nothing sets it
   * @return the value and where it came from
   */
  ResolvedValue resolve(String member, Function<A, String> value, String defaultValue) {
    return members.resolve(member, valueOf(onMethod, value), valueOf(onClass, value), defaultValue);
  }

  /**
   * Resolves a member that has no global key ({@link MemberResolver#resolveWithoutGlobal}).
   *
   * @param member the member's name
   * @param value the member's value on an annotation, blank for "not set here"
   * @param defaultValue the value when nothing sets it
   * @return the value and where it came from
   */
  ResolvedValue resolveWithoutGlobal(
      String member, Function<A, String> value, String defaultValue) {
    return members.resolveWithoutGlobal(
        member, valueOf(onMethod, value), valueOf(onClass, value), defaultValue);
  }

  /**
   * Parses a duration that may be zero; an empty value is zero.
   *
   * @param option the option as messages name it
   * @param value the value
   * @return the duration, zero after a problem
   */
  Duration durationOrZero(String option, ResolvedValue value) {
    try {
      return DurationParser.parseZeroOrMore(option, value.value()).orElse(Duration.ZERO);
    } catch (IllegalArgumentException e) {
      problems.add(
          DeploymentProblem.MEMBER_DURATION_INVALID.format(
              target, option, value.describe(), e.getMessage()));
      return Duration.ZERO;
    }
  }

  /**
   * A global setting of the area.
   *
   * @param member the member's name
   * @return the value of {@code fenced.<area>.<member>}, or empty
   */
  Optional<ResolvedValue> global(String member) {
    String key = ConfigKeys.global(area, member);
    return config.value(key).map(v -> new ResolvedValue(v, "config key " + key));
  }

  /**
   * A global setting of the area, or its default.
   *
   * @param member the member's name
   * @param defaultValue the value when config does not set it
   * @return the value and where it came from
   */
  ResolvedValue global(String member, String defaultValue) {
    return global(member)
        .orElse(new ResolvedValue(defaultValue, "default of " + ConfigKeys.global(area, member)));
  }

  /**
   * Parses a positive duration; an empty value is no duration.
   *
   * @param name the option as messages name it
   * @param value the value
   * @return the duration, or empty when the value is empty or after a problem
   */
  Optional<Duration> optionalDuration(String name, ResolvedValue value) {
    try {
      return DurationParser.parsePositive(name, value.value());
    } catch (IllegalArgumentException e) {
      problems.add(
          DeploymentProblem.MEMBER_DURATION_INVALID.format(
              target, name, value.describe(), e.getMessage()));
      return Optional.empty();
    }
  }

  /**
   * Parses a positive duration that must be set.
   *
   * @param option the option as messages name it
   * @param value the value
   * @return the duration, or empty after a problem
   */
  Optional<Duration> duration(String option, ResolvedValue value) {
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

  /**
   * Parses the {@code required} member: {@code true} or {@code false}.
   *
   * @param value the value
   * @return the boolean, or {@code false} after a problem
   */
  boolean required(ResolvedValue value) {
    String text = value.value().strip().toLowerCase(Locale.ROOT);
    if (!text.equals("true") && !text.equals("false")) {
      problems.add(
          DeploymentProblem.MEMBER_VALUE_INVALID.format(
              target, "required", value.describe(), "true or false"));
      return false;
    }
    return Boolean.parseBoolean(text);
  }

  /**
   * Resolves an enum member; the annotation's default counts as "not set", so a class or global
   * value can apply.
   *
   * @param name the member's name
   * @param type the enum type
   * @param member the member's value on an annotation
   * @param defaultValue the member's default
   * @param <E> the enum type
   * @return the constant, or the default after a problem
   */
  <E extends Enum<E>> E constant(
      String name, Class<E> type, Function<A, E> member, E defaultValue) {
    ResolvedValue value =
        resolve(
            name,
            a -> member.apply(a) != defaultValue ? member.apply(a).name() : "",
            defaultValue.name());
    try {
      return Enum.valueOf(type, value.value().strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      problems.add(
          DeploymentProblem.MEMBER_VALUE_INVALID.format(
              target,
              name,
              value.describe(),
              "one of " + Arrays.toString(type.getEnumConstants())));
      return defaultValue;
    }
  }

  /**
   * Notes a problem.
   *
   * @param message the message, naming the target
   */
  void problem(String message) {
    problems.add(message);
  }

  private static <A> String valueOf(A annotation, Function<A, String> value) {
    return annotation == null ? "" : value.apply(annotation);
  }
}
