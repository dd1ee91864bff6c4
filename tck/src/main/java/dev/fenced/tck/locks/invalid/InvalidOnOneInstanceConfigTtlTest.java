package dev.fenced.tck.locks.invalid;

import dev.fenced.tck.locks.invalid.configttl.Reports;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployment fails when {@code <class>/<method>/OnOneInstance/ttl} is not a duration. */
@ExtendWith(ArquillianExtension.class)
public class InvalidOnOneInstanceConfigTtlTest {

  @Deployment
  @ShouldThrowException(DeploymentException.class)
  public static WebArchive deployment() {
    return TckDeployment.war("invalid-on-one-instance-config-ttl")
        .classes(Reports.class)
        .config(Reports.class.getName() + "/run/OnOneInstance/ttl", "12x")
        .build();
  }

  /** Never reached with a deployed application: Arquillian checks the deployment failure. */
  @Test
  void the_deployment_fails() {}
}
