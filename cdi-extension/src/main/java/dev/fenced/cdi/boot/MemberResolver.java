package dev.fenced.cdi.boot;

import dev.fenced.cdi.config.ConfigKeys;
import dev.fenced.cdi.config.ConfigLookup;
import java.util.Objects;
import java.util.Optional;

/**
 * Resolves one annotation member of one bean method in the documented order: per-method, per-class
 * and per-annotation config keys, the method's annotation, the class's annotation, the global key,
 * the default. A blank annotation value means "not set here".
 */
public final class MemberResolver {

  private final ConfigLookup config;
  private final String className;
  private final String methodName;
  private final String annotation;
  private final String area;

  /**
   * Creates a resolver for the members of one annotation on one method.
   *
   * @param config where overrides and global values come from
   * @param className the fully qualified bean class name
   * @param methodName the method name, or {@code null} for a class-level setting
   * @param annotation the annotation's simple name, e.g. {@code Idempotent}
   * @param area the global area, {@code idempotency} or {@code locks}
   */
  public MemberResolver(
      ConfigLookup config, String className, String methodName, String annotation, String area) {
    this.config = Objects.requireNonNull(config, "config");
    this.className = Objects.requireNonNull(className, "className");
    this.methodName = methodName;
    this.annotation = Objects.requireNonNull(annotation, "annotation");
    this.area = Objects.requireNonNull(area, "area");
  }

  /**
   * Resolves {@code member}.
   *
   * @param member the member's name in the annotation
   * @param onMethod the method annotation's value, blank when not set
   * @param onClass the class annotation's value, blank when not set
   * @param defaultValue the value when nothing else is set
   * @return the value and where it came from
   */
  public ResolvedValue resolve(
      String member, String onMethod, String onClass, String defaultValue) {
    return resolve(member, onMethod, onClass, defaultValue, true);
  }

  /**
   * Resolves {@code member} of an annotation that has no global key: the per-method, per-class and
   * per-annotation config keys, the method's annotation, the class's annotation, the default.
   *
   * @param member the member's name in the annotation
   * @param onMethod the method annotation's value, blank when not set
   * @param onClass the class annotation's value, blank when not set
   * @param defaultValue the value when nothing else is set
   * @return the value and where it came from
   */
  public ResolvedValue resolveWithoutGlobal(
      String member, String onMethod, String onClass, String defaultValue) {
    return resolve(member, onMethod, onClass, defaultValue, false);
  }

  private ResolvedValue resolve(
      String member, String onMethod, String onClass, String defaultValue, boolean global) {
    for (String key : ConfigKeys.overrides(className, methodName, annotation, member)) {
      Optional<String> value = config.value(key);
      if (value.isPresent()) {
        return new ResolvedValue(value.get(), "config key " + key);
      }
    }
    String target = methodName == null ? className : className + "." + methodName;
    if (onMethod != null && !onMethod.isBlank()) {
      return new ResolvedValue(onMethod, "@" + annotation + "(" + member + ") on " + target);
    }
    if (onClass != null && !onClass.isBlank()) {
      return new ResolvedValue(onClass, "@" + annotation + "(" + member + ") on " + className);
    }
    if (!global) {
      return new ResolvedValue(defaultValue, "default of @" + annotation + "(" + member + ")");
    }
    String globalKey = ConfigKeys.global(area, member);
    Optional<String> globalValue = config.value(globalKey);
    if (globalValue.isPresent()) {
      return new ResolvedValue(globalValue.get(), "config key " + globalKey);
    }
    return new ResolvedValue(defaultValue, "default of " + globalKey);
  }
}
