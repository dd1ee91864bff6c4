package dev.fenced.cdi.config;

import java.util.List;
import java.util.Locale;

/**
 * Builds the configuration keys of one annotation member, following MicroProfile Fault Tolerance:
 * {@code <class>/<method>/<Annotation>/<member>}, then {@code <class>/<Annotation>/<member>}, then
 * {@code <Annotation>/<member>}; the annotation's own value comes next, then the global key {@code
 * fenced.<area>.<member-in-kebab-case>}, then the default.
 */
public final class ConfigKeys {

  private ConfigKeys() {}

  /**
   * The per-method, per-class and per-annotation keys of a member, most specific first.
   *
   * @param className the fully qualified bean class name
   * @param methodName the method name, or {@code null} for a class-level setting
   * @param annotation the annotation's simple name, e.g. {@code Idempotent}
   * @param member the member name as written in the annotation, e.g. {@code lockTtl}
   * @return the keys to look up before the annotation's own value
   */
  public static List<String> overrides(
      String className, String methodName, String annotation, String member) {
    String classKey = className + "/" + annotation + "/" + member;
    String annotationKey = annotation + "/" + member;
    if (methodName == null) {
      return List.of(classKey, annotationKey);
    }
    return List.of(
        className + "/" + methodName + "/" + annotation + "/" + member, classKey, annotationKey);
  }

  /**
   * The global key of a member: {@code fenced.idempotency.lock-ttl} for {@code ("idempotency",
   * "lockTtl")}.
   *
   * @param area {@code idempotency} or {@code locks}
   * @param member the member name in camel case
   * @return the global key
   */
  public static String global(String area, String member) {
    return "fenced." + area + "." + kebab(member);
  }

  static String kebab(String camel) {
    StringBuilder out = new StringBuilder(camel.length() + 4);
    for (char c : camel.toCharArray()) {
      if (Character.isUpperCase(c)) {
        out.append('-').append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }
}
