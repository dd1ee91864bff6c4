package dev.fenced.arquillian;

import org.jboss.arquillian.container.spi.client.container.DeploymentExceptionTransformer;
import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Puts Fenced into every WAR a test deploys, testable or not, as an application would ship it, and
 * on WildFly lets deployment-failure tests see CDI's {@code DeploymentException} ({@link
 * WildFlyDeploymentExceptionTransformer}). Registered in {@code
 * META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}.
 */
public final class FencedArquillianExtension implements LoadableExtension {

  @Override
  public void register(ExtensionBuilder builder) {
    builder
        .service(ApplicationArchiveProcessor.class, FencedArchiveProcessor.class)
        .observer(ClientDeploymentAppender.class);
    replaceWildFlyTransformer(builder);
  }

  /** Only where WildFly's Arquillian adapter is on the class path (the wildfly-managed profile). */
  private static void replaceWildFlyTransformer(ExtensionBuilder builder) {
    Class<? extends DeploymentExceptionTransformer> wildfly;
    try {
      wildfly =
          Class.forName(
                  WildFlyDeploymentExceptionTransformer.WILDFLY_TRANSFORMER,
                  false,
                  FencedArquillianExtension.class.getClassLoader())
              .asSubclass(DeploymentExceptionTransformer.class);
    } catch (ClassNotFoundException e) {
      return;
    }
    builder.override(
        DeploymentExceptionTransformer.class, wildfly, WildFlyDeploymentExceptionTransformer.class);
  }
}
