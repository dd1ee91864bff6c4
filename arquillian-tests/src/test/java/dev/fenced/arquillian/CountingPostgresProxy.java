package dev.fenced.arquillian;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntConsumer;

/**
 * A TCP proxy on the loopback interface in front of a PostgreSQL server that counts the round trips
 * its clients make, and the messages they send by type (frontend protocol 3). A round trip is a
 * flight of messages the client sends before it waits: it starts with the client's first message
 * once the server has answered every {@code Sync} and simple {@code Query} sent before with {@code
 * ReadyForQuery}. So a {@code BEGIN} the driver sends as a simple {@code Query} ahead of its
 * statement, in the same write, is not a round trip of its own, while a {@code COMMIT} sent after
 * the statement's answer is. A client that waits after a {@code Flush} instead of a {@code Sync} is
 * not seen waiting.
 *
 * <p>It forwards every byte unchanged and reads what it forwards, so the clients must not encrypt
 * ({@code sslmode=disable}). A client connection opens with untyped messages, each a 4-byte
 * big-endian length that counts itself and a 4-byte code: an {@code SSLRequest} or {@code
 * GSSENCRequest}, which the server answers with one byte, then the {@code StartupMessage}. Every
 * later message, and every message of the server, is a type byte and such a length. A flight is
 * read as one when the client writes it at once, as drivers do. Plain Java, one daemon thread per
 * direction and connection; for tests only.
 */
final class CountingPostgresProxy implements AutoCloseable {

  /** The codes of {@code SSLRequest} and {@code GSSENCRequest}, answered with one byte. */
  private static final int SSL_REQUEST = 80877103;

  private static final int GSSENC_REQUEST = 80877104;

  private final InetSocketAddress target;
  private final ServerSocket listener;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicLongArray messages = new AtomicLongArray(256);
  private final AtomicLong roundTrips = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();

  private CountingPostgresProxy(InetSocketAddress target) throws IOException {
    this.target = target;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "fenced-counting-proxy-" + port());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * Starts a proxy to {@code host:port} on a free loopback port.
   *
   * @param host a loopback host (the proxy never reaches another machine)
   * @param port the PostgreSQL server's port
   * @return the running proxy
   * @throws IOException when no port is free
   * @throws IllegalArgumentException when {@code host} is not a loopback address
   */
  static CountingPostgresProxy start(String host, int port) throws IOException {
    InetAddress address = InetAddress.getByName(Objects.requireNonNull(host, "host"));
    if (!address.isLoopbackAddress()) {
      throw new IllegalArgumentException("the proxy forwards to loopback only, not " + host);
    }
    return new CountingPostgresProxy(new InetSocketAddress(address, port));
  }

  /** The loopback port clients connect to. */
  int port() {
    return listener.getLocalPort();
  }

  /** The round trips the clients made since the proxy started. */
  long roundTrips() {
    return roundTrips.get();
  }

  /**
   * How many messages of a type the clients sent since the proxy started.
   *
   * @param type the message's type byte, e.g. {@code 'S'} for {@code Sync}
   */
  long messages(char type) {
    return messages.get(type & 0xff);
  }

  /** The connections accepted since the proxy started. */
  long connections() {
    return connections.get();
  }

  /** Closes the listener and every connection. */
  @Override
  public void close() {
    closeQuietly(listener);
    sockets.forEach(CountingPostgresProxy::closeQuietly);
  }

  private void accept() {
    while (!listener.isClosed()) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        continue; // closed: the loop ends
      }
      Socket server = new Socket();
      try {
        server.connect(target, 5_000);
      } catch (IOException e) {
        closeQuietly(client); // the server refused: the client sees its connection closed
        continue;
      }
      sockets.add(client);
      sockets.add(server);
      connections.incrementAndGet();
      Exchange exchange = new Exchange();
      pump(client, server, exchange.client, "up");
      pump(server, client, exchange.server, "down");
    }
  }

  /** Forwards {@code from} to {@code to}, each read split into messages before it goes on. */
  private void pump(Socket from, Socket to, MessageStream stream, String direction) {
    Thread thread =
        new Thread(
            () -> {
              byte[] buffer = new byte[8192];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                  stream.read(buffer, n);
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException e) {
                // either side closed
              } finally {
                sockets.remove(from);
                sockets.remove(to);
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "fenced-counting-proxy-" + port() + "-" + direction);
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // closing anyway
    }
  }

  /** One connection: its two streams, and whether the client is in a flight. */
  private final class Exchange {

    final MessageStream client = new MessageStream(true, this::fromClient, this::opening);
    final MessageStream server = new MessageStream(false, this::fromServer, code -> {});
    private int answersDue;
    private boolean flying;

    private synchronized void fromClient(int type) {
      messages.incrementAndGet(type);
      if (!flying && type != 'X') { // Terminate waits for nothing
        flying = true;
        roundTrips.incrementAndGet();
      }
      if (type == 'S' || type == 'Q') {
        answersDue++;
      }
    }

    private synchronized void fromServer(int type) {
      if (type == 'Z') {
        answersDue = Math.max(0, answersDue - 1);
        flying = answersDue > 0;
      }
    }

    private void opening(int code) {
      if (code == SSL_REQUEST || code == GSSENC_REQUEST) {
        server.singleBytes.incrementAndGet();
      }
    }
  }

  /** Splits one direction's bytes into messages, wherever the reads cut them. */
  private static final class MessageStream {

    /** The major version in a {@code StartupMessage}'s code; the other codes come before it. */
    private static final int PROTOCOL_3 = 3;

    /** Answers of one byte, without type or length, still to come. */
    final AtomicInteger singleBytes = new AtomicInteger();

    private final IntConsumer typed;
    private final IntConsumer untypedCodes;
    private final byte[] header = new byte[8];
    private boolean untyped;
    private int headerRead;
    private long bodyLeft;

    /**
     * @param opensUntyped whether the stream starts with untyped messages (the client's)
     * @param typed hears the type of each typed message
     * @param untypedCodes hears the code of each untyped one
     */
    MessageStream(boolean opensUntyped, IntConsumer typed, IntConsumer untypedCodes) {
      this.untyped = opensUntyped;
      this.typed = typed;
      this.untypedCodes = untypedCodes;
    }

    void read(byte[] bytes, int length) {
      int at = 0;
      while (at < length) {
        if (bodyLeft > 0) {
          int skipped = (int) Math.min(bodyLeft, length - at);
          at += skipped;
          bodyLeft -= skipped;
          continue;
        }
        if (headerRead == 0 && singleBytes.get() > 0) {
          singleBytes.decrementAndGet();
          at++;
          continue;
        }
        int headerSize = untyped ? 8 : 5;
        int copied = Math.min(headerSize - headerRead, length - at);
        System.arraycopy(bytes, at, header, headerRead, copied);
        headerRead += copied;
        at += copied;
        if (headerRead < headerSize) {
          return;
        }
        headerRead = 0;
        if (untyped) {
          bodyLeft = integer(0) - 8L;
          int code = integer(4);
          untyped = code >>> 16 != PROTOCOL_3;
          untypedCodes.accept(code);
        } else {
          bodyLeft = integer(1) - 4L;
          typed.accept(header[0] & 0xff);
        }
      }
    }

    private int integer(int offset) {
      return (header[offset] & 0xff) << 24
          | (header[offset + 1] & 0xff) << 16
          | (header[offset + 2] & 0xff) << 8
          | (header[offset + 3] & 0xff);
    }
  }
}
