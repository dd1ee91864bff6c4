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
