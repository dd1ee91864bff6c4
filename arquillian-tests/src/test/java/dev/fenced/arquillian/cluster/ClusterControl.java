package dev.fenced.arquillian.cluster;

import dev.fenced.tck.locks.common.Polling;
import dev.fenced.testservers.FrozenProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.dmr.ModelNode;

/**
 * Starts, stops, kills and freezes the members of a cluster test, each with its deployment (the
 * test's unmanaged deployment named after the member).
 */
public final class ClusterControl {

  private final ContainerController servers;
  private final Deployer deployer;

  /**
   * The control of one test class's members.
   *
   * @param servers the test's container controller
   * @param deployer the test's deployer
   */
  public ClusterControl(ContainerController servers, Deployer deployer) {
    this.servers = servers;
    this.deployer = deployer;
  }

  /**
   * Starts the member's server and deploys its application.
   *
   * @param member the member
   */
  public void start(ClusterMember member) {
    servers.start(member.name());
    deployer.deploy(member.name());
  }

  /**
   * Starts a cluster in order: {@code first}, until {@code ready} holds (it runs the job, leads),
   * then {@code second}, until it answers.
   *
   * @param first the member started first
   * @param ready what {@code first} must show before {@code second} starts, e.g. that it leads
   * @param second the member that joins
   * @param wait how long each may take
   * @throws InterruptedException when interrupted while waiting
   */
  public void startInOrder(
      ClusterMember first, BooleanSupplier ready, ClusterMember second, Duration wait)
      throws InterruptedException {
    start(first);
    Polling.await(first + " runs the job and leads", wait, ready);
    start(second);
    Polling.await(second + " answers", wait, second::answers);
  }

  /**
   * Stops the member gracefully, as an operator restarting it does: a WildFly member is suspended
   * first (new requests get 503, the ones in flight finish, for up to {@code drain}); then its
   * application is undeployed (Fenced releases what it holds) and its server stops. Open Liberty
   * quiesces its requests when it stops.
   *
   * @param member the member
   * @param drain how long requests in flight may take to finish
   * @throws IOException when WildFly's management interface cannot be reached
   */
  public void stop(ClusterMember member, Duration drain) throws IOException {
    if (member.managementPort() != null) {
      suspend(member.managementPort(), drain);
    }
    deployer.undeploy(member.name());
    servers.stop(member.name());
  }

  private static void suspend(int managementPort, Duration drain) throws IOException {
    try (ModelControllerClient client =
        ModelControllerClient.Factory.create("127.0.0.1", managementPort)) {
      ModelNode suspend = new ModelNode();
      suspend.get("operation").set("suspend");
      suspend.get("address").setEmptyList();
      suspend.get("suspend-timeout").set(drain.toSeconds());
      ModelNode result = client.execute(suspend);
      if (!"success".equals(result.get("outcome").asString())) {
        throw new IOException("WildFly on port " + managementPort + " did not suspend: " + result);
      }
    }
  }

  /**
   * Kills the member's server process with {@code kill -9}: nothing is released.
   *
   * @param member the member
   * @param timeout how long to wait for the process to end
   * @return when the signal was sent
   * @throws Exception when the process outlives the timeout
   */
  public Instant kill(ClusterMember member, Duration timeout) throws Exception {
    Instant killed = processOf(member).kill(timeout);
    crashed(member);
    return killed;
  }

  /**
   * The member's server process as it runs now, to watch it crash: find it before it does, as a
   * process that ended is no longer among this JVM's descendants.
   *
   * @param member the member
   * @return its process
   */
  public ServerProcess process(ClusterMember member) {
    return processOf(member);
  }

  /**
   * Tells Arquillian that the member's server crashed by itself (its process has ended), so that
   * {@link #startAfterCrash} can start it again.
   *
   * @param member the member whose process ended
   */
  public void crashed(ClusterMember member) {
    try {
      servers.kill(member.name());
    } catch (Exception e) {
      // Liberty's adapter kills through the server's JMX connector, which died with the process
      if (member.managementPort() != null) {
        throw e;
      }
    }
  }

  /**
   * Starts a member whose server crashed and deploys its application again, as {@link #start} does.
   * A crashed Open Liberty leaves behind what a stop removes: its application in {@code dropins}
   * (which it would start again on its own, beside the new deployment) and the address of its JMX
   * connector (which the adapter would connect to instead of the new one's); both are removed
   * first. A WildFly member starts from a fresh copy of its configuration anyway ({@code
   * cleanServerBaseDir}).
   *
   * @param member the member
   * @throws IOException when the leftovers cannot be removed
   */
  public void startAfterCrash(ClusterMember member) throws IOException {
    if (member.managementPort() == null) {
      Path server =
          Path.of(
              System.getProperty("wlp.home"),
              "usr",
              "servers",
              System.getProperty("liberty.server.name"));
      Files.deleteIfExists(server.resolve("dropins").resolve(member.warFile()));
      Files.deleteIfExists(server.resolve("logs/state/com.ibm.ws.jmx.local.address"));
    }
    start(member);
  }

  /**
   * Freezes the member's server process ({@code SIGSTOP}); closing the result thaws it.
   *
   * @param member the member
   * @return the frozen process
   */
  public FrozenProcess freeze(ClusterMember member) {
    return processOf(member).freeze();
  }

  private static ServerProcess processOf(ClusterMember member) {
    if (member.processArgument() == null) {
      throw new IllegalStateException(
          "no process argument is configured for member "
              + member.name()
              + " (fenced.cluster."
              + member.name()
              + ".process-argument)");
    }
    return ServerProcess.withArgument(member.processArgument());
  }
}
