package dev.fenced.arquillian;

import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.enterprise.inject.spi.DeploymentException;
import java.util.List;
import org.jboss.arquillian.container.spi.client.container.DeploymentExceptionTransformer;

/**
 * Lets the TCK's {@code @ShouldThrowException(DeploymentException.class)} see CDI deployment
 * failures on WildFly.
 *
 * <p>WildFly reports a failed deployment to Arquillian as the container SPI's {@code
 * DeploymentException} whose message is the management operation's failure text and whose cause is
 * {@code null} (WFARQ-59): the server's exception objects never reach the test JVM. This
 * transformer reads that text and, when Weld refused the deployment (a {@code DeploymentException}
 * or {@code DefinitionException} from Weld or the CDI API, as Fenced's extension reports its
 * problems), gives Arquillian a {@link jakarta.enterprise.inject.spi.DeploymentException} carrying
 * the text, with a {@link DefinitionException} as its cause for a definition error. CDI treats both
 * as deployment errors. Any other failure (a missing class, a broken descriptor) passes unchanged,
 * so it does not satisfy the expectation. Replaces WildFly's own transformer, which returns its
 * input.
 */
public final class WildFlyDeploymentExceptionTransformer implements DeploymentExceptionTransformer {

  /** WildFly's transformer, which this one replaces. */
  static final String WILDFLY_TRANSFORMER =
      "org.jboss.as.arquillian.container.ExceptionTransformer";

  private static final List<String> DEPLOYMENT_PROBLEMS =
      List.of("org.jboss.weld.exceptions.DeploymentException", DeploymentException.class.getName());

  private static final List<String> DEFINITION_ERRORS =
      List.of("org.jboss.weld.exceptions.DefinitionException", DefinitionException.class.getName());

  @Override
  public Throwable transform(Throwable exception) {
    if (exception == null) {
      return null;
    }
    String text = text(exception);
    if (DEFINITION_ERRORS.stream().anyMatch(text::contains)) {
      DeploymentException failure = new DeploymentException(text, new DefinitionException(text));
      failure.addSuppressed(exception);
      return failure;
    }
    if (DEPLOYMENT_PROBLEMS.stream().anyMatch(text::contains)) {
      DeploymentException failure = new DeploymentException(text);
      failure.addSuppressed(exception);
      return failure;
    }
    return exception;
  }

  private static String text(Throwable exception) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = exception; t != null; t = t.getCause()) {
      text.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
      if (t.getCause() == t) {
        break;
      }
    }
    return text.toString();
  }
}
