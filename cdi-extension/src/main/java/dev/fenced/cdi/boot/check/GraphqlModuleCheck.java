package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.call.GraphqlRequests;
import dev.fenced.cdi.model.IdempotentMethod;
import java.util.List;

/**
 * Checks that an application that guards GraphQL mutations ships {@code fenced-graphql}, whose bean
 * tells which field of an operation a mutation runs for.
 */
public final class GraphqlModuleCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    if (deployment.hasBean(GraphqlRequests.class)) {
      return List.of();
    }
    return deployment.idempotentMethods().stream()
        .filter(method -> method.kind() instanceof IdempotentMethod.Mutation)
        .map(method -> DeploymentProblem.GRAPHQL_MODULE_MISSING.format(method.target()))
        .toList();
  }
}
