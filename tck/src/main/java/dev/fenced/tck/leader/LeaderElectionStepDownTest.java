package dev.fenced.tck.leader;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.leader.stepdown.LeadershipEvents;
import dev.fenced.tck.leader.stepdown.Reporter;
import dev.fenced.tck.leader.stepdown.ReportingLockStore;
import dev.fenced.tck.leader.stepdown.StepDownLeader;
import dev.fenced.tck.leader.stepdown.witness.Witness;
import dev.fenced.tck.leader.stepdown.witness.WitnessApplication;
import dev.fenced.tck.leader.stepdown.witness.WitnessMBean;
import dev.fenced.tck.leader.stepdown.witness.WitnessResource;
import dev.fenced.tck.locks.common.MapLockStore;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * At undeploy the leader steps down: {@code onLeadershipLost(SHUTDOWN)}, a {@code LeadershipLost}
 * event with reason {@code SHUTDOWN}, and its lease released in the store (not left to expire). The
 * leader's application is deployed and undeployed by the test; a second, long-lived application
 * (the witness) collects what the leader's callbacks, event observer and lock store report, and the
 * client reads it over HTTP.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class LeaderElectionStepDownTest {

  private static final String LEADER = "leader";
  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(15));
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  @Deployment(name = "witness", testable = false, order = 1)
  public static WebArchive witness() {
    return TckDeployment.war("leader-step-down-witness")
        .classes(Witness.class, WitnessMBean.class, WitnessResource.class)
        .classes(WitnessApplication.class, Reporter.class)
        .build();
  }

  @Deployment(name = LEADER, managed = false, testable = false, order = 2)
  public static WebArchive leader() {
    return TckDeployment.war("leader-step-down")
        .classes(StepDownLeader.class, LeadershipEvents.class, Reporter.class)
        .classes(ReportingLockStore.class, MapLockStore.class, MapLockStore.Call.class)
        .config("fenced.locks.store", ReportingLockStore.NAME)
        .build();
  }

  @ArquillianResource Deployer deployer;

  @ArquillianResource
  @OperateOnDeployment("witness")
  URL witness;

  private List<String> reports() throws IOException, InterruptedException {
    String root = witness.toExternalForm();
    URI uri = URI.create((root.endsWith("/") ? root : root + "/") + "api/witness");
    HttpResponse<String> response =
        CLIENT.send(
            HttpRequest.newBuilder(uri).timeout(WAIT).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response::body);
    return response.body().isEmpty() ? List.of() : List.of(response.body().split("\n"));
  }

  private void awaitReport(String prefix) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (reports().stream().noneMatch(line -> line.startsWith(prefix))) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("no report '" + prefix + "' within " + WAIT + ": " + reports());
      }
      Thread.sleep(100);
    }
  }

  @Test
  void at_undeploy_the_leader_steps_down_and_releases_its_lease() throws Exception {
    deployer.deploy(LEADER);
    try {
      awaitReport("callback acquired " + StepDownLeader.KEY);
    } finally {
      deployer.undeploy(LEADER);
    }
    List<String> reports = reports();

    assertAll(
        () -> assertTrue(reports.contains("callback lost SHUTDOWN"), "callback: " + reports),
        () ->
            assertTrue(
                reports.contains("event lost " + StepDownLeader.KEY + " SHUTDOWN"),
                "event: " + reports),
        () ->
            assertTrue(
                reports.contains("release " + StepDownLeader.KEY + " true"),
                "the lease was released: " + reports));
  }
}
