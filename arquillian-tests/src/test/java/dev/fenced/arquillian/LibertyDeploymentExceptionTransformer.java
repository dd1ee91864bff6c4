package dev.fenced.arquillian;

import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.spi.client.container.DeploymentExceptionTransformer;

/**
 * Lets the TCK's {@code @ShouldThrowException(DeploymentException.class)} see CDI definition errors
 * on Open Liberty.
 *
 * <p>Liberty's managed adapter finds a failed deployment's cause in the server's FFDC files (else
 * in the {@code CWWKZ0002E} line of {@code messages.log}) and rebuilds it in the test JVM: the CDI
 * API's exception classes as themselves, the server's own classes as {@code
 * UnloadableLogException}s carrying their text. A deployment problem thus arrives with a {@link
 * DeploymentException} in its causes and needs nothing; a definition error arrives with a {@link
 * DefinitionException}, which is not a {@code DeploymentException} although CDI counts both as
 * deployment errors. This transformer gives Arquillian a {@code DeploymentException} whose cause is
 * that {@code DefinitionException}, as {@link WildFlyDeploymentExceptionTransformer} does on
 * WildFly. Any other failure (a missing class, a broken descriptor) passes unchanged, so it does
 * not satisfy the expectation. Liberty's adapter registers no transformer of its own.
 */
public final class LibertyDeploymentExceptionTransformer implements DeploymentExceptionTransformer {

  /** Liberty's managed adapter: present on the class path in the liberty-managed profile. */
  static final String LIBERTY_CONTAINER = "io.openliberty.arquillian.managed.WLPManagedContainer";

  @Override
  public Throwable transform(Throwable exception) {
    if (exception == null || find(exception, DeploymentException.class) != null) {
      return exception;
    }
    DefinitionException definition = find(exception, DefinitionException.class);
    if (definition == null) {
      return exception;
    }
    DeploymentException failure = new DeploymentException(definition.getMessage(), definition);
    failure.addSuppressed(exception);
    return failure;
  }

  private static <T extends Throwable> T find(Throwable exception, Class<T> type) {
    for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
