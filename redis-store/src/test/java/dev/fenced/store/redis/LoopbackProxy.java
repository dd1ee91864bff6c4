package dev.fenced.store.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on {@code 127.0.0.1} in front of a Redis: it accepts clients on a port of its own,
 * opens a connection to the Redis for each, and lets the subclass relay between the two. Closing it
 * closes every connection it opened or accepted.
 */
abstract class LoopbackProxy implements AutoCloseable {

  private final ServerSocket server;
  private final String targetHost;
  private final int targetPort;
  private final String threadName;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  /**
   * @param targetHost the host of the Redis to forward to
   * @param targetPort its port
   * @param threadName the name of the proxy's threads
   */
  LoopbackProxy(String targetHost, int targetPort, String threadName) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.threadName = threadName;
    try {
      this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Starts accepting clients; the subclass calls it last in its constructor, so that {@link #relay}
   * never sees it half made.
   */
  final void start() {
    daemon(this::accept);
  }

  /**
   * Starts the threads that relay between a client and its connection to the Redis.
   *
   * @param client the accepted client connection
   * @param redis the connection to the Redis opened for it
   */
  abstract void relay(Socket client, Socket redis);

  final int port() {
    return server.getLocalPort();
  }

  final URI url() {
    return URI.create("redis://127.0.0.1:" + port());
  }

  final void daemon(Runnable task) {
    Thread thread = new Thread(task, threadName);
    thread.setDaemon(true);
    thread.start();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket redis = new Socket(targetHost, targetPort);
        sockets.add(client);
        sockets.add(redis);
        relay(client, redis);
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  @Override
  public void close() {
    try {
      server.close();
      for (Socket socket : sockets) {
        socket.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
