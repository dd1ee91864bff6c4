package dev.fenced.arquillian.harness;

import dev.fenced.testservers.FaultProxy;
import dev.fenced.testservers.PostgresServer;
import dev.fenced.testservers.RedisTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The servers' way to the store, when a run sets {@value #PORT}: a {@link FaultProxy} in this JVM
 * listening on that loopback port, in front of the run's PostgreSQL ({@code fenced.tck.store=jpa}:
 * the datasource URL the servers get points at the proxy) or Redis ({@code redis}: the store's
 * {@code fenced.redis.url} does), so that a fault test can reset or black-hole the store while the
 * test itself still reads the store and its records directly. Opened by {@link
 * TckStoresSessionListener} before Arquillian reads {@code arquillian.xml}; without {@value #PORT}
 * the servers reach the store directly.
 */
public final class StoreLink {

  /** The system property naming the proxy's port. */
  public static final String PORT = "fenced.faults.store-link-port";

  private static FaultProxy proxy;

  private StoreLink() {}

  /**
   * Whether this run puts a proxy between the servers and the store.
   *
   * @return {@code true} when {@value #PORT} is set
   */
  public static boolean configured() {
    return System.getProperty(PORT) != null;
  }

  /**
   * The running proxy.
   *
   * @return the proxy
   * @throws IllegalStateException when the run has none
   */
  public static synchronized FaultProxy proxy() {
    if (proxy == null) {
      throw new IllegalStateException(
          "no store link: set " + PORT + " (the faults executions of arquillian-tests do)");
    }
    return proxy;
  }

  /** Puts the proxy in front of the PostgreSQL the datasource URL names, and points it there. */
  static synchronized void openForPostgres() {
    if (!configured() || proxy != null) {
      return;
    }
    URI target = URI.create(PostgresServer.get().jdbcUrl().substring("jdbc:".length()));
    proxy = open(target.getHost(), target.getPort());
    String url = System.getProperty(PostgresTckDatabase.URL);
    String hostAndPort = "//" + target.getHost() + ":" + target.getPort() + "/";
    if (url == null || !url.contains(hostAndPort)) {
      throw new IllegalStateException(
          "the datasource URL " + url + " does not name " + hostAndPort + ": cannot link it");
    }
    System.setProperty(
        PostgresTckDatabase.URL, url.replace(hostAndPort, "//127.0.0.1:" + proxy.port() + "/"));
  }

  /**
   * The Redis URL the servers get: the test Redis's, through the proxy when the run has one.
   *
   * @return the URL
   */
  static synchronized URI redisUrl() {
    URI url = RedisTestServer.get().url();
    if (!configured()) {
      return url;
    }
    if (proxy == null) {
      proxy = open(url.getHost(), url.getPort());
    }
    try {
      return new URI(
          url.getScheme(),
          url.getUserInfo(),
          "127.0.0.1",
          proxy.port(),
          url.getPath(),
          url.getQuery(),
          url.getFragment());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot point " + url + " at the store link", e);
    }
  }

  private static FaultProxy open(String host, int port) {
    try {
      return FaultProxy.start(host, port, Integer.parseInt(System.getProperty(PORT)));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot open the store link on port " + System.getProperty(PORT) + " (" + PORT + ")", e);
    }
  }
}
