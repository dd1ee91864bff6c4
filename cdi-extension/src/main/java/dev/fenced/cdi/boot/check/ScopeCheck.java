package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.idempotency.IdempotencyScopeResolver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks that the {@code scope} of a guarded method names exactly one CDI bean ({@code @Named})
 * implementing {@code IdempotencyScopeResolver}, unless it is empty (the caller principal) or
 * {@code global}.
 */
public final class ScopeCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    List<String> problems = new ArrayList<>();
    for (IdempotentMethod method : deployment.idempotentMethods()) {
      String scope = method.scope();
      problem(
              method.target(),
              scope,
              scope.isEmpty() ? 0 : deployment.candidates(IdempotencyScopeResolver.class, scope))
          .ifPresent(problems::add);
    }
    return problems;
  }

  /**
   * What is wrong with a method's scope.
   *
   * @param target the guarded method, {@code com.example.Pay.pay}
   * @param scope the resolved scope value
   * @param candidates how many enabled resolver beans carry the name and cannot be told apart
   * @return the problem, or empty
   */
  public static Optional<String> problem(String target, String scope, int candidates) {
    if (scope.isEmpty() || scope.equals("global") || candidates == 1) {
      return Optional.empty();
    }
    if (candidates > 1) {
      return Optional.of(
          DeploymentProblem.SCOPE_RESOLVER_AMBIGUOUS.format(target, scope, candidates));
    }
    return Optional.of(DeploymentProblem.SCOPE_RESOLVER_MISSING.format(target, scope, scope));
  }
}
