package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.call.GraphqlRequests;
import dev.fenced.cdi.model.IdempotentMethod;
import java.util.Collection;
import java.util.List;

/**
 * Checks that an application that guards GraphQL mutations ships {@code fenced-graphql}, whose bean
 * tells which field of an operation a mutation runs for.
 */
public final class GraphqlModuleCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    return problems(deployment.idempotentMethods(), deployment.hasBean(GraphqlRequests.class));
  }

  /**
   * The problems of the guarded methods.
   *
   * @param methods the guarded methods
   * @param moduleDeployed whether the application has {@code fenced-graphql}'s bean
   * @return one problem per guarded mutation when the module is missing
   */
  public static List<String> problems(
      Collection<IdempotentMethod> methods, boolean moduleDeployed) {
    if (moduleDeployed) {
      return List.of();
    }
    return methods.stream()
        .filter(method -> method.kind() instanceof IdempotentMethod.Mutation)
        .map(method -> DeploymentProblem.GRAPHQL_MODULE_MISSING.format(method.target()))
        .toList();
  }
}
