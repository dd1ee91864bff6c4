package dev.fenced.tck.arquillian;

import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * The harness's Arquillian extension: with {@code fenced-tck-arquillian} on the test class path,
 * every WAR a test deploys, testable or not, gets Fenced's library as an application ships it
 * ({@link FencedLibrary}), and a failed deployment on Open Liberty carries the server's own error
 * text ({@link LibertyServerLog}). Registered in {@code
 * META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension} of the harness's jar: nothing
 * to configure.
 *
 * <p>The TCK's deployment-failure tests deploy with Arquillian's {@code Deployer} and read the
 * server's error text from the exception the adapter throws ({@code
 * dev.fenced.tck.support.DeploymentFailure}). WildFly's adapter carries the whole text; on Open
 * Liberty {@link LibertyServerLog} adds the server's log to it. No {@code
 * DeploymentExceptionTransformer} is registered: Arquillian applies those only to {@code
 * ShouldThrowException}, which no test uses.
 */
public final class FencedArquillianExtension implements LoadableExtension {

  @Override
  public void register(ExtensionBuilder builder) {
    builder
        .service(ApplicationArchiveProcessor.class, FencedArchiveProcessor.class)
        .observer(ClientDeploymentAppender.class)
        .observer(LibertyServerLog.class);
  }
}
