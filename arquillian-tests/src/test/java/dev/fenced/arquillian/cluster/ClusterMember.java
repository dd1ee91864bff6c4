package dev.fenced.arquillian.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One member of the cluster as the test sees it: its container qualifier, the base URI of its
 * deployment and, for a WildFly member, the command-line argument that tells its process apart.
 * Each comes from system properties the Failsafe execution sets: {@code
 * fenced.cluster.<name>.http-port}, {@code .datasource} and {@code .process-argument}.
 *
 * @param name the container qualifier and deployment name ({@code a} or {@code b})
 * @param base the deployment's base URI, ending in {@code /}
 * @param datasource the JNDI name of the server's datasource {@code FencedDS}
 * @param processArgument an argument only this member's process has, or {@code null}
 * @param managementPort the WildFly management port ({@code
 *     fenced.cluster.<name>.management-port}), or {@code null} for an Open Liberty member
 */
public record ClusterMember(
    String name, URI base, String datasource, String processArgument, Integer managementPort) {

  /** The client every cluster test sends with: HTTP/1.1, 10 s to connect. */
  public static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  /**
   * The member {@code name} as the build configured it.
   *
   * @param name {@code a} or {@code b}
   * @return the member
   */
  public static ClusterMember configured(String name) {
    String prefix = "fenced.cluster." + name + ".";
    String port = System.getProperty(prefix + "http-port");
    if (port == null) {
      throw new IllegalStateException(
          prefix
              + "http-port is not set: run the cluster tests through their Failsafe executions"
              + " (see arquillian-tests/README.md, Cluster tests)");
    }
    return new ClusterMember(
        name,
        URI.create("http://127.0.0.1:" + port + "/" + ClusterDeployment.warName(name) + "/"),
        System.getProperty(prefix + "datasource", "java:jboss/datasources/FencedDS"),
        System.getProperty(prefix + "process-argument"),
        liberty(name) ? null : Integer.getInteger(prefix + "management-port"));
  }

  /**
   * Member {@code b} of the group {@code wildfly-liberty} is Open Liberty; every other is WildFly.
   */
  private static boolean liberty(String name) {
    return "b".equals(name) && "wildfly-liberty".equals(System.getProperty("arquillian.launch"));
  }

  /**
   * The URI of {@code path} in the deployment.
   *
   * @param path e.g. {@code api/leader}
   * @return the URI
   */
  public URI uri(String path) {
    return base.resolve(path);
  }

  /**
   * Asks the member whether it leads now.
   *
   * @return the answer of {@code GET api/leader}
   * @throws IOException when the member does not answer
   * @throws InterruptedException when interrupted
   */
  public boolean leads() throws IOException, InterruptedException {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(uri("api/leader")).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(name + " answered " + response.statusCode() + ": " + response.body());
    }
    return response.body().contains("\"leader\":true");
  }

  /**
   * Whether the member answers and leads now.
   *
   * @return {@code false} when it does not lead or does not answer
   */
  public boolean leadsNow() {
    try {
      return leads();
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Whether the member's deployment answers now.
   *
   * @return {@code true} when {@code GET api/leader} answered 200
   */
  public boolean answers() {
    try {
      leads();
      return true;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * The member's MicroProfile Health readiness endpoint: on WildFly's management port, on Open
   * Liberty's HTTP port.
   *
   * @return the URI of {@code /health/ready}
   */
  public URI readinessUri() {
    return managementPort == null
        ? base.resolve("/health/ready")
        : URI.create("http://127.0.0.1:" + managementPort + "/health/ready");
  }

  /**
   * Asks the member's readiness endpoint.
   *
   * @param timeout how long to wait for the answer
   * @return the answer: 200 when every readiness check is UP, 503 when one is DOWN; status 0 when
   *     none came
   * @throws InterruptedException when interrupted
   */
  public ReadinessAnswer readiness(Duration timeout) throws InterruptedException {
    long start = System.nanoTime();
    try {
      HttpResponse<String> response =
          HTTP.send(
              HttpRequest.newBuilder(readinessUri()).timeout(timeout).build(),
              HttpResponse.BodyHandlers.ofString());
      return new ReadinessAnswer(
          response.statusCode(), response.body(), (System.nanoTime() - start) / 1_000_000);
    } catch (IOException e) {
      return new ReadinessAnswer(0, e.toString(), (System.nanoTime() - start) / 1_000_000);
    }
  }

  /**
   * What a readiness endpoint answered.
   *
   * @param status the HTTP status, 0 when no answer came
   * @param body the health JSON, or the failure
   * @param millis how long the answer took
   */
  public record ReadinessAnswer(int status, String body, long millis) {

    /**
     * Whether every check is UP.
     *
     * @return whether the status is 200
     */
    public boolean ready() {
      return status == 200;
    }
  }

  /**
   * The file name of the member's deployment.
   *
   * @return e.g. {@code cluster-b.war}
   */
  public String warFile() {
    return ClusterDeployment.warName(name) + ".war";
  }

  @Override
  public String toString() {
    return name;
  }
}
