package dev.fenced.testservers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on the loopback interface between clients and a loopback target, for fault tests. It
 * forwards until told otherwise, and plays the two ways a store goes away:
 *
 * <ul>
 *   <li>{@link #blackHole()}: forwards nothing while keeping every connection open and accepting
 *       new ones, as a network partition looks to a client (the connection is up, nothing answers);
 *   <li>{@link #reset()}: resets every open connection (TCP RST) and every new one at once, as a
 *       store that crashed or refuses its clients looks.
 * </ul>
 *
 * {@link #forward()} forwards again (after a black hole, the bytes held meanwhile first).
 *
 * <p>Plain Java, one daemon thread per direction and connection; for tests only. {@link #main} runs
 * one from a shell, to put in front of a demo's store by hand ({@code RELIABILITY.md}).
 */
public final class FaultProxy implements AutoCloseable {

  private enum Mode {
    FORWARD,
    BLACK_HOLE,
    RESET
  }

  private final InetSocketAddress target;
  private final ServerSocket listener;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Object gate = new Object();
  private Mode mode = Mode.FORWARD;

  private FaultProxy(InetSocketAddress target, int listenPort) throws IOException {
    this.target = target;
    this.listener = new ServerSocket();
    listener.setReuseAddress(true);
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), listenPort), 100);
    Thread acceptor = new Thread(this::accept, "fenced-fault-proxy-" + port());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * Starts a proxy to {@code host:port} on a free loopback port.
   *
   * @param host a loopback host (the proxy never reaches another machine)
   * @param port the target's port
   * @return the running proxy
   * @throws IOException when no port is free
   * @throws IllegalArgumentException when {@code host} is not a loopback address
   */
  public static FaultProxy start(String host, int port) throws IOException {
    return start(host, port, 0);
  }

  /**
   * Starts a proxy to {@code host:port} on the loopback port {@code listenPort}, for clients
   * configured before the proxy starts (a server's datasource URL).
   *
   * @param host a loopback host (the proxy never reaches another machine)
   * @param port the target's port
   * @param listenPort the port to listen on, or 0 for a free one
   * @return the running proxy
   * @throws IOException when the port is taken
   * @throws IllegalArgumentException when {@code host} is not a loopback address
   */
  public static FaultProxy start(String host, int port, int listenPort) throws IOException {
    InetAddress address = InetAddress.getByName(Objects.requireNonNull(host, "host"));
    if (!address.isLoopbackAddress()) {
      throw new IllegalArgumentException("the proxy forwards to loopback only, not " + host);
    }
    return new FaultProxy(new InetSocketAddress(address, port), listenPort);
  }

  /**
   * Runs a proxy until standard input ends: {@code <listen-port> <target-host>:<target-port>}, then
   * one command per line: {@code reset}, {@code hole} (black hole), {@code forward}.
   *
   * @param args the listen port and the target
   * @throws IOException when the port is taken or standard input fails
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2 || args[1].lastIndexOf(':') < 0) {
      System.err.println("usage: FaultProxy <listen-port> <target-host>:<target-port>");
      System.exit(2);
    }
    String target = args[1];
    int colon = target.lastIndexOf(':');
    try (FaultProxy proxy =
            start(
                target.substring(0, colon),
                Integer.parseInt(target.substring(colon + 1)),
                Integer.parseInt(args[0]));
        BufferedReader commands =
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      System.out.println(
          "forwarding 127.0.0.1:" + proxy.port() + " to " + target + "; reset | hole | forward");
      for (String line; (line = commands.readLine()) != null; ) {
        switch (line.trim()) {
          case "reset" -> proxy.reset();
          case "hole" -> proxy.blackHole();
          case "forward" -> proxy.forward();
          case "" -> {}
          default -> System.out.println("unknown command: " + line.trim());
        }
        System.out.println("mode: " + proxy.currentMode());
      }
    }
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
  public void blackHole() {
    synchronized (gate) {
      mode = Mode.BLACK_HOLE;
    }
  }

  /** Resets every open connection, and from now on every new one as soon as it is accepted. */
  public void reset() {
    synchronized (gate) {
      mode = Mode.RESET;
      gate.notifyAll();
    }
    sockets.forEach(FaultProxy::abort);
  }

  /** Forwards again: new connections reach the target; after a black hole, the held bytes flow. */
  public void forward() {
    synchronized (gate) {
      mode = Mode.FORWARD;
      gate.notifyAll();
    }
  }

  /** Closes the listener and every connection. */
  @Override
  public void close() {
    closeQuietly(listener);
    sockets.forEach(FaultProxy::closeQuietly);
    forward();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        if (currentMode() == Mode.RESET) {
          abort(client);
          continue;
        }
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
                  if (!awaitForwarding()) {
                    return;
                  }
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException | UncheckedIOException e) {
                // either side closed
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } finally {
                sockets.remove(from);
                sockets.remove(to);
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "fenced-fault-proxy-" + port() + "-" + direction);
    thread.setDaemon(true);
    thread.start();
  }

  /** Waits while black-holed; {@code false} when the connection is to be dropped (reset). */
  private boolean awaitForwarding() throws InterruptedException {
    synchronized (gate) {
      while (mode == Mode.BLACK_HOLE) {
        gate.wait();
      }
      return mode == Mode.FORWARD;
    }
  }

  private Mode currentMode() {
    synchronized (gate) {
      return mode;
    }
  }

  /** Closes with SO_LINGER 0: the peer gets a TCP RST, not an orderly FIN. */
  private static void abort(Socket socket) {
    try {
      socket.setSoLinger(true, 0);
    } catch (SocketException e) {
      // already closed
    }
    closeQuietly(socket);
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // closing anyway
    }
  }
}
