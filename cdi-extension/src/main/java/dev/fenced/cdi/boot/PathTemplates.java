package dev.fenced.cdi.boot;

import jakarta.ws.rs.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code @Path} templates of a resource method (its class's and its own) and the parameters
 * they declare, {@code {orderId}} or {@code {orderId: [0-9]+}}.
 */
final class PathTemplates {

  private static final Pattern PARAMETER = Pattern.compile("\\{\\s*([^\\s:}]+)\\s*(:[^}]*)?}");

  private final List<String> templates;
  private final Set<String> parameters;

  private PathTemplates(List<String> templates, Set<String> parameters) {
    this.templates = templates;
    this.parameters = parameters;
  }

  /**
   * The templates of a method.
   *
   * @param method the method's annotations
   * @return its class's and its own {@code @Path} values
   */
  static PathTemplates of(MethodAnnotations method) {
    List<String> templates = new ArrayList<>();
    Set<String> parameters = new LinkedHashSet<>();
    Stream.of(method.ofClass(), method.ofDeclaringClass(), method.ofMethod())
        .flatMap(Set::stream)
        .filter(a -> a.annotationType() == Path.class)
        .map(a -> ((Path) a).value())
        .distinct()
        .forEach(
            template -> {
              templates.add(template);
              Matcher matcher = PARAMETER.matcher(template);
              while (matcher.find()) {
                parameters.add(matcher.group(1));
              }
            });
    return new PathTemplates(List.copyOf(templates), parameters);
  }

  /**
   * Whether a template declares the parameter.
   *
   * @param name the parameter's name
   * @return whether {@code {name}} is in a template
   */
  boolean has(String name) {
    return parameters.contains(name);
  }

  @Override
  public String toString() {
    return templates.toString();
  }
}
