package dev.fenced.tck.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on the loopback interface, for fault tests: it forwards between its clients and a
 * loopback target until {@link #stall()}, then forwards nothing while keeping every connection open
 * and accepting new ones, as a network partition looks to a client (the connection is up, nothing
 * answers). {@link #resume()} forwards again, the bytes held meanwhile included.
 *
 * <p>Plain Java, one daemon thread per direction and connection; for tests only.
 */
public final class StallingProxy implements AutoCloseable {

  private final InetSocketAddress target;
  private final ServerSocket listener;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Object gate = new Object();
  private boolean stalled;

  private StallingProxy(InetSocketAddress target) throws IOException {
    this.target = target;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "fenced-stalling-proxy-" + port());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * Starts a proxy to {@code host:port}.
   *
   * @param host a loopback host (the proxy never reaches another machine)
   * @param port the target's port
   * @return the running proxy, listening on a free loopback port
   * @throws IOException when no port is free
   * @throws IllegalArgumentException when {@code host} is not a loopback address
   */
  public static StallingProxy start(String host, int port) throws IOException {
    InetAddress address = InetAddress.getByName(Objects.requireNonNull(host, "host"));
    if (!address.isLoopbackAddress()) {
      throw new IllegalArgumentException("the proxy forwards to loopback only, not " + host);
    }
    return new StallingProxy(new InetSocketAddress(address, port));
  }

  /**
   * The loopback port clients connect to.
   *
   * @return the port
   */
  public int port() {
    return listener.getLocalPort();
  }

  /** Stops forwarding in both directions; connections stay open, new ones are accepted. */
  public void stall() {
    synchronized (gate) {
      stalled = true;
    }
  }

  /** Forwards again, the bytes held while stalled first. */
  public void resume() {
    synchronized (gate) {
      stalled = false;
      gate.notifyAll();
    }
  }

  /** Closes the listener and every connection. */
  @Override
  public void close() {
    closeQuietly(listener);
    sockets.forEach(StallingProxy::closeQuietly);
    resume();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        sockets.add(client);
        Socket upstream = new Socket();
        sockets.add(upstream);
        upstream.connect(target, 5_000);
        pump(client, upstream, "up");
        pump(upstream, client, "down");
      } catch (IOException e) {
        // listener closed, or the target refused this connection: the client sees it closed
      }
    }
  }

  private void pump(Socket from, Socket to, String direction) {
    Thread thread =
        new Thread(
            () -> {
              byte[] buffer = new byte[8192];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                  awaitForwarding();
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException | UncheckedIOException e) {
                // either side closed
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } finally {
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "fenced-stalling-proxy-" + port() + "-" + direction);
    thread.setDaemon(true);
    thread.start();
  }

  private void awaitForwarding() throws InterruptedException {
    synchronized (gate) {
      while (stalled) {
        gate.wait();
      }
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // closing anyway
    }
  }
}
