package dev.fenced.arquillian.harness;

import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Puts Fenced into every WAR a test deploys, testable or not, as an application would ship it.
 * Registered in {@code META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}.
 *
 * <p>The TCK's deployment-failure tests deploy with Arquillian's {@code Deployer} and read the
 * server's error text from the exception the adapter throws ({@code
 * dev.fenced.tck.support.DeploymentFailure}). WildFly's adapter carries the whole text; on Open
 * Liberty {@link LibertyServerLog} adds the server's log to it. No {@code
 * DeploymentExceptionTransformer} is registered: Arquillian applies those only to {@code
 * ShouldThrowException}, which no test uses.
 */
public final class FencedArquillianExtension implements LoadableExtension {

  /** The system property naming the container of {@code arquillian.xml} this JVM launches. */
  static final String LAUNCH = "arquillian.launch";

  @Override
  public void register(ExtensionBuilder builder) {
    builder
        .service(ApplicationArchiveProcessor.class, FencedArchiveProcessor.class)
        .observer(ClientDeploymentAppender.class);
    if (System.getProperty(LAUNCH, "").startsWith("liberty")) {
      builder.observer(LibertyServerLog.class);
    }
  }
}
