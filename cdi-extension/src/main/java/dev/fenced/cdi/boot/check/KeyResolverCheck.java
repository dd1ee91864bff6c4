package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.KeySource;
import dev.fenced.idempotency.IdempotencyKeyResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks that a guarded resource method's {@code keyFrom = "bean:<name>"} names exactly one CDI
 * bean ({@code @Named}) implementing {@code IdempotencyKeyResolver}.
 */
public final class KeyResolverCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    List<String> problems = new ArrayList<>();
    for (IdempotentMethod method : deployment.idempotentMethods()) {
      if (method.kind() instanceof IdempotentMethod.Http http
          && http.keySource().kind() == KeySource.Kind.BEAN) {
        String name = http.keySource().name();
        problem(method.target(), name, deployment.candidates(IdempotencyKeyResolver.class, name))
            .ifPresent(problems::add);
      }
    }
    return problems;
  }

  /**
   * What is wrong with a method's key resolver.
   *
   * @param target the guarded method, {@code com.example.Orders.pay}
   * @param name the bean's name
   * @param candidates how many enabled beans of that type carry the name and cannot be told apart
   * @return the problem, or empty
   */
  public static Optional<String> problem(String target, String name, int candidates) {
    if (candidates == 1) {
      return Optional.empty();
    }
    return Optional.of(
        DeploymentProblem.KEY_SOURCE_INVALID.format(
            target,
            "\"bean:" + name + "\"",
            "it names "
                + candidates
                + " CDI beans implementing dev.fenced.idempotency.IdempotencyKeyResolver; it"
                + " must name exactly one: annotate it with @Named(\""
                + name
                + "\")"));
  }
}
