package dev.fenced.arquillian;

import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.support.DeploymentFailure;
import dev.fenced.tck.support.TckDeployment;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code jpa} cells (WildFly with Hibernate, Open Liberty with EclipseLink): a
 * deployment whose PostgreSQL store is not set up (its table prefix names tables that do not exist
 * in the cell's database) fails when the application starts, naming the missing objects and the
 * option that lets it start anyway, instead of failing its first request; with {@code
 * fenced.store.set-up-check=readiness} the same application starts.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreNotSetUpIT {

  private static final String PREFIX = "absent_";
  private static final String FAILING = "jpa-store-not-set-up-it";
  private static final String STARTING = "jpa-store-not-set-up-readiness-it";

  @Deployment(name = FAILING, managed = false, testable = false)
  static WebArchive failing() {
    return war(FAILING).build();
  }

  @Deployment(name = STARTING, managed = false, testable = false)
  static WebArchive starting() {
    return war(STARTING).config("fenced.store.set-up-check", "readiness").build();
  }

  private static TckDeployment war(String name) {
    return TckDeployment.war(name)
        .classes(StoresApplication.class, GuardedResource.class)
        .config("fenced.jpa.table-prefix", PREFIX);
  }

  @ArquillianResource Deployer deployer;

  @Test
  void a_store_whose_tables_are_missing_fails_the_deployment_naming_them_and_the_way_out() {
    DeploymentFailure.of(deployer, FAILING)
        .names(
            "FENCED-D206",
            "fenced.idempotency.store=jpa",
            PREFIX + "idempotency",
            PREFIX + "lock_token_seq",
            "fenced.store.set-up-check=readiness");
  }

  @Test
  void with_the_set_up_check_on_readiness_the_same_application_starts() {
    deployer.deploy(STARTING);
    deployer.undeploy(STARTING);
  }
}
