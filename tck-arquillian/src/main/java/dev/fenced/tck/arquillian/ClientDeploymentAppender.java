package dev.fenced.tck.arquillian;

import org.jboss.arquillian.container.spi.client.deployment.DeploymentDescription;
import org.jboss.arquillian.container.spi.event.container.BeforeDeploy;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Adds Fenced's library to each WAR deployed with {@code @Deployment(testable = false)} (the
 * client-side HTTP tests), which application archive processors never see. Runs just before the
 * archive goes to the server.
 */
public final class ClientDeploymentAppender {

  /** Observer method: Arquillian calls it before each deployment. */
  public void addFenced(@Observes BeforeDeploy event) {
    DeploymentDescription deployment = event.getDeployment();
    if (deployment.isArchiveDeployment()
        && !deployment.testable()
        && deployment.getArchive() instanceof WebArchive war) {
      FencedLibrary.addTo(war);
    }
  }
}
