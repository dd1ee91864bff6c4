package dev.fenced.arquillian;

import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Puts Fenced into every WAR a test deploys, testable or not, as an application would ship it.
 * Registered in {@code META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}.
 */
public final class FencedArquillianExtension implements LoadableExtension {

  @Override
  public void register(ExtensionBuilder builder) {
    builder
        .service(ApplicationArchiveProcessor.class, FencedArchiveProcessor.class)
        .observer(ClientDeploymentAppender.class);
  }
}
