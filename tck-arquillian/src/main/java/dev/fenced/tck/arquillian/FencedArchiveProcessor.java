package dev.fenced.tck.arquillian;

import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.test.spi.TestClass;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Adds Fenced's library to each testable WAR, before Arquillian packages the test class into it.
 * Arquillian skips application archive processors for {@code @Deployment(testable = false)}: {@link
 * ClientDeploymentAppender} covers those.
 */
public final class FencedArchiveProcessor implements ApplicationArchiveProcessor {

  @Override
  public void process(Archive<?> applicationArchive, TestClass testClass) {
    if (applicationArchive instanceof WebArchive war) {
      FencedLibrary.addTo(war);
    }
  }
}
