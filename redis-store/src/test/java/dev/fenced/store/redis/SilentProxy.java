package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on {@code 127.0.0.1} in front of a Redis that forwards everything until a client
 * sends a command holding a given word (e.g. {@code SCRIPT}); from then on it keeps every
 * connection open and forwards nothing, in either direction: a partition that starts at one exact
 * command.
 */
final class SilentProxy implements AutoCloseable {

  private final ServerSocket server;
  private final URI target;
  private final byte[] trigger;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean silent;

  /**
   * @param target the Redis to forward to
   * @param word the command word after which nothing is forwarded, matched case-insensitively
   */
  SilentProxy(URI target, String word) {
    this.target = target;
    this.trigger = word.toUpperCase(Locale.ROOT).getBytes(US_ASCII);
    try {
      this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    daemon(this::accept);
  }

  URI url() {
    return URI.create("redis://127.0.0.1:" + server.getLocalPort());
  }

  /** Whether the trigger was seen and the proxy forwards nothing any more. */
  boolean silent() {
    return silent;
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket redis = new Socket(target.getHost(), target.getPort());
        sockets.add(client);
        sockets.add(redis);
        pump(client, redis, true);
        pump(redis, client, false);
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void pump(Socket from, Socket to, boolean watch) {
    daemon(
        () -> {
          byte[] buffer = new byte[8192];
          try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buffer)) >= 0) {
              if (watch && contains(buffer, n)) {
                silent = true;
              }
              if (!silent) {
                out.write(buffer, 0, n);
                out.flush();
              }
            }
          } catch (IOException e) {
            // a socket closed: the other pump ends with it
          }
        });
  }

  private static void daemon(Runnable task) {
    Thread thread = new Thread(task, "silent-proxy");
    thread.setDaemon(true);
    thread.start();
  }

  private boolean contains(byte[] buffer, int length) {
    outer:
    for (int i = 0; i + trigger.length <= length; i++) {
      for (int j = 0; j < trigger.length; j++) {
        if (Character.toUpperCase(buffer[i + j]) != trigger[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
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
