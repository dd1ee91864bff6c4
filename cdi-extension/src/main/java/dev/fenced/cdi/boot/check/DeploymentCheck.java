package dev.fenced.cdi.boot.check;

import java.util.List;

/**
 * One check across the beans of a deployment: what it finds wrong, each problem a message that
 * names the class, method, option and value and says how to fix it. The extension runs every check
 * once the deployment is validated, in one loop, and reports each problem as a deployment problem.
 */
@FunctionalInterface
public interface DeploymentCheck {

  /**
   * What is wrong in the deployment.
   *
   * @param deployment what the deployment holds
   * @return the problems, empty when none
   */
  List<String> problems(Deployment deployment);
}
