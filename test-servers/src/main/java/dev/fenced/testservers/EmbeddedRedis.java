package dev.fenced.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * A Redis server of its own for a test: the binary shipped in {@code
 * com.github.codemonstur:embedded-redis} (Redis 6.2), on a free port of {@code 127.0.0.1}, with no
 * persistence and {@code maxmemory-policy noeviction}. A test may {@link #stop()} it and {@link
 * #start()} it again on the same port (to prove that a store fails while Redis is down and recovers
 * after), or count its commands without other suites in the way. Close it when done.
 *
 * <pre>{@code
 * try (EmbeddedRedis redis = EmbeddedRedis.start()) {
 *   JedisPooled client = new JedisPooled(redis.url());
 *   ...
 * }
 * }</pre>
 */
public final class EmbeddedRedis implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(EmbeddedRedis.class.getName());
  private static final Duration READY = Duration.ofSeconds(20);

  private final int port;
  private final redis.embedded.RedisServer server;

  private EmbeddedRedis(int port) {
    this.port = port;
    try {
      this.server =
          redis.embedded.RedisServer.newRedisServer()
              .port(port)
              .bind("127.0.0.1")
              .setting("save \"\"")
              .setting("appendonly no")
              .setting("maxmemory-policy noeviction")
              .onShutdownForceStop(true)
              .build();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the embedded Redis", e);
    }
  }

  /**
   * Starts a new server on a free port.
   *
   * @return the running server
   */
  public static EmbeddedRedis start() {
    EmbeddedRedis redis = new EmbeddedRedis(freePort());
    redis.startAgain();
    LOG.info(() -> "embedded Redis started on " + redis.url());
    return redis;
  }

  /**
   * The server's URL.
   *
   * @return {@code redis://127.0.0.1:<port>}
   */
  public URI url() {
    return URI.create("redis://127.0.0.1:" + port);
  }

  /**
   * The port, the same across {@link #stop()} and {@link #startAgain()}.
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /** Stops the server and waits until its port refuses connections. */
  public void stop() {
    try {
      server.stop();
    } catch (IOException e) {
      throw new UncheckedIOException("the embedded Redis did not stop", e);
    }
    awaitPort(false);
  }

  /** Starts the stopped server again on the same port and waits until it accepts connections. */
  public void startAgain() {
    try {
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException("the embedded Redis did not start on port " + port, e);
    }
    awaitPort(true);
  }

  /**
   * Whether the server runs.
   *
   * @return whether it was started and not stopped
   */
  public boolean isRunning() {
    return server.isActive();
  }

  @Override
  public void close() {
    if (server.isActive()) {
      stop();
    }
  }

  private void awaitPort(boolean open) {
    long deadline = System.nanoTime() + READY.toNanos();
    while (accepts() != open) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the embedded Redis on port " + port + (open ? " did not open" : " did not close"));
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the embedded Redis", e);
      }
    }
  }

  private boolean accepts() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port for the embedded Redis", e);
    }
  }
}
