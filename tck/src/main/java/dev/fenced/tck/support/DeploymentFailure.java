package dev.fenced.tck.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.DeploymentProblem;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployer;

/**
 * A deployment that must fail, and the server's error that says why.
 *
 * <p>A deployment-failure test declares its invalid application as {@code @Deployment(managed =
 * false, testable = false, name = ...)}, injects Arquillian's {@link Deployer} and deploys it
 * itself:
 *
 * <pre>{@code
 * DeploymentFailure.of(deployer, NAME)
 *     .reports(DeploymentProblem.MEMBER_DURATION_INVALID)
 *     .names("fenced.locks.ttl", "soon");
 * }</pre>
 *
 * <p>{@link #of} fails the test when the deployment succeeds. {@link #reports} fails it unless the
 * error carries the id of the expected problem of Fenced's catalogue ({@link DeploymentProblem}).
 * {@link #names} fails it unless the server's error, as it reached the test (the thrown exception's
 * messages, causes and suppressed exceptions, with their class names), contains each fragment: the
 * offending option or annotation member, the class and method, the bad value. Fenced's problem
 * texts are reported only through CDI's {@code addDefinitionError} and {@code
 * addDeploymentProblem}, so finding them also shows that the deployment failed for the expected
 * reason, and not for a missing class or a broken descriptor. Where a server's Arquillian adapter
 * does not pass its error text to the client, a {@code DeploymentExceptionTransformer} cannot help
 * (Arquillian applies those only to {@code ShouldThrowException}): the adapter must carry the text
 * in the exception it throws (WildFly: the management operation's failure description; Open
 * Liberty: the cause rebuilt from the server's FFDC files or {@code messages.log}).
 */
public final class DeploymentFailure {

  private final String deployment;
  private final String text;

  private DeploymentFailure(String deployment, String text) {
    this.deployment = deployment;
    this.text = text;
  }

  /**
   * Deploys a {@code managed = false} deployment that must fail.
   *
   * @param deployer Arquillian's deployer, injected with {@code @ArquillianResource}
   * @param deployment the name of the {@code @Deployment}
   * @return the failure, to check what it names
   * @throws AssertionError when the deployment succeeds (it is undeployed again first)
   */
  public static DeploymentFailure of(Deployer deployer, String deployment) {
    try {
      deployer.deploy(deployment);
    } catch (Exception e) { // adapters throw their checked DeploymentException undeclared
      return new DeploymentFailure(deployment, text(e));
    }
    deployer.undeploy(deployment);
    throw new AssertionError("the deployment " + deployment + " succeeded; it must fail");
  }

  /**
   * Checks that the server's error names each fragment, e.g. the option, the class, the method and
   * the bad value.
   *
   * @param fragments the texts the error must contain, each verbatim
   * @return this failure, for further checks
   * @throws AssertionError naming the missing fragment, with the whole error text
   */
  public DeploymentFailure names(String... fragments) {
    for (String fragment : fragments) {
      assertThat(text)
          .as("the error of the failed deployment %s names %s", deployment, fragment)
          .contains(fragment);
    }
    return this;
  }

  /**
   * Checks that the server's error is the problem of Fenced's catalogue the test provokes: its
   * message starts with the problem's id, e.g. {@code FENCED-D001:}.
   *
   * @param problem the problem the deployment must fail with
   * @return this failure, for further checks
   * @throws AssertionError naming the missing id, with the whole error text
   */
  public DeploymentFailure reports(DeploymentProblem problem) {
    return names(problem.id() + ":");
  }

  /**
   * Checks that the server's error names the method, as Fenced writes it: {@code <class>.<method>}.
   *
   * @param type the bean class
   * @param method the method's name
   * @return this failure, for further checks
   */
  public DeploymentFailure namesMethod(Class<?> type, String method) {
    return names(type.getName() + "." + method);
  }

  /**
   * Checks that the server's error does not show a text, e.g. a secret from the configuration.
   *
   * @param secret the text the error must not contain
   * @return this failure, for further checks
   * @throws AssertionError when the error shows it
   */
  public DeploymentFailure doesNotName(String secret) {
    if (text.contains(secret)) {
      throw new AssertionError(
          "the error of the failed deployment " + deployment + " shows a text it must not show");
    }
    return this;
  }

  private static String text(Throwable failure) {
    StringBuilder text = new StringBuilder();
    append(failure, text, Collections.newSetFromMap(new IdentityHashMap<>()));
    return text.toString();
  }

  /**
   * Undoes the escapes of a quoted string: WildFly's management model quotes the failure
   * description it hands over, so {@code "12x"} arrives as {@code \"12x\"}.
   */
  private static String unquoted(String message) {
    return message == null ? null : message.replace("\\\"", "\"").replace("\\\\", "\\");
  }

  private static void append(Throwable failure, StringBuilder text, Set<Throwable> seen) {
    if (failure == null || !seen.add(failure)) {
      return;
    }
    text.append(failure.getClass().getName()).append(": ").append(unquoted(failure.getMessage()));
    text.append('\n');
    for (Throwable suppressed : failure.getSuppressed()) {
      append(suppressed, text, seen);
    }
    append(failure.getCause(), text, seen);
  }
}
