package dev.fenced.testservers;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * A Redis server for store tests, found once per JVM in this order:
 *
 * <ol>
 *   <li>the URL in the environment variable {@value #URL_VARIABLE} (or the system property {@value
 *       #URL_PROPERTY}), e.g. {@code redis://127.0.0.1:6379};
 *   <li>a Testcontainers {@code redis} container, when a Docker engine answers;
 *   <li>the Redis binary shipped in {@code com.github.codemonstur:embedded-redis} ({@link
 *       EmbeddedRedis}), started on a free port and stopped when the JVM exits.
 * </ol>
 *
 * <p>Testcontainers and embedded-redis are optional dependencies of the TCK: a store's tests
 * declare the ones they use. Tests share the server with other suites, so they use their own key
 * prefixes and never flush it. Inject one with {@link RedisTestServerExtension}.
 */
public final class RedisTestServer {

  /** The environment variable holding the URL of a Redis that tests may write to. */
  public static final String URL_VARIABLE = "FENCED_TEST_REDIS_URL";

  /** The system property that wins over {@value #URL_VARIABLE}. */
  public static final String URL_PROPERTY = "fenced.test.redis.url";

  /** Where the server came from. */
  public enum Source {
    /** {@value #URL_VARIABLE} or {@value #URL_PROPERTY}. */
    URL,
    /** A Testcontainers container. */
    TESTCONTAINERS,
    /** The embedded binary from Maven. */
    EMBEDDED
  }

  private static final Logger LOG = Logger.getLogger(RedisTestServer.class.getName());
  private static RedisTestServer shared;
  private static RedisTestServer embedded;

  private final Source source;
  private final URI url;

  RedisTestServer(Source source, URI url) {
    this.source = source;
    this.url = Objects.requireNonNull(url, "url");
  }

  /**
   * The server this JVM's tests share, started on first use.
   *
   * @return the server from the URL, Testcontainers or the embedded binary, in that order
   */
  public static synchronized RedisTestServer get() {
    if (shared == null) {
      String url = System.getProperty(URL_PROPERTY, System.getenv(URL_VARIABLE));
      if (url != null && !url.isBlank()) {
        shared = fromUrl(url.strip());
      } else if (dockerAnswers()) {
        shared = Containers.start();
      } else {
        shared = embedded();
      }
      LOG.info(() -> "Redis for tests: " + shared);
    }
    return shared;
  }

  /**
   * The shared embedded server, whatever the URL says: lets a test prove the path a machine without
   * the URL and without Docker takes. Started once per JVM, stopped when the JVM exits.
   *
   * @return the embedded server
   */
  public static synchronized RedisTestServer embedded() {
    if (embedded == null) {
      EmbeddedRedis redis = EmbeddedRedis.start();
      Runtime.getRuntime().addShutdownHook(new Thread(redis::close, "fenced-embedded-redis-stop"));
      embedded = new RedisTestServer(Source.EMBEDDED, redis.url());
    }
    return embedded;
  }

  /**
   * A server given by a URL.
   *
   * @param url a {@code redis://} or {@code rediss://} URL
   * @return the server
   */
  public static RedisTestServer fromUrl(String url) {
    URI uri = URI.create(url);
    if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme())) {
      throw new IllegalArgumentException(URL_VARIABLE + " must be a redis:// URL: " + url);
    }
    return new RedisTestServer(Source.URL, uri);
  }

  /**
   * Where the server came from.
   *
   * @return the source
   */
  public Source source() {
    return source;
  }

  /**
   * The URL, with user, password and database if the URL variable gave them.
   *
   * @return the URL
   */
  public URI url() {
    return url;
  }

  /**
   * The host.
   *
   * @return the host name or address
   */
  public String host() {
    return url.getHost();
  }

  /**
   * The port.
   *
   * @return the port, 6379 when the URL names none
   */
  public int port() {
    return url.getPort() < 0 ? 6379 : url.getPort();
  }

  @Override
  public String toString() {
    return source + " " + url.toString().replaceAll(":[^:@/]*@", ":***@");
  }

  /**
   * Whether Testcontainers finds a Docker engine. Asked only when Testcontainers is on the class
   * path and a Docker socket or setting exists, so a machine without Docker falls through at once.
   */
  private static boolean dockerAnswers() {
    try {
      Class.forName(
          "org.testcontainers.DockerClientFactory", false, RedisTestServer.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return false;
    }
    String home = System.getProperty("user.home");
    boolean hint =
        System.getenv("DOCKER_HOST") != null
            || Files.exists(Path.of("/var/run/docker.sock"))
            || Files.exists(Path.of(home, ".testcontainers.properties"))
            || Files.exists(Path.of(home, ".docker", "run", "docker.sock"));
    if (!hint) {
      return false;
    }
    try {
      return Containers.dockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      LOG.info(() -> "Testcontainers found no Docker engine: " + e);
      return false;
    }
  }

  /** Testcontainers, loaded only when Docker answers. */
  private static final class Containers {

    static boolean dockerAvailable() {
      return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
    }

    @SuppressWarnings("resource") // stopped by Testcontainers' reaper when the JVM exits
    static RedisTestServer start() {
      var container =
          new org.testcontainers.containers.GenericContainer<>(
                  org.testcontainers.utility.DockerImageName.parse("redis:7.2-alpine"))
              .withExposedPorts(6379)
              .withCommand("redis-server", "--maxmemory-policy", "noeviction");
      container.start();
      return new RedisTestServer(
          Source.TESTCONTAINERS,
          URI.create("redis://" + container.getHost() + ":" + container.getMappedPort(6379)));
    }
  }
}
