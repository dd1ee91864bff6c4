package dev.fenced.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports of {@code 127.0.0.1} for the servers {@link RedisProcess} starts. A port is free
 * when this JVM can bind it now and has not handed it out before, so two servers of one JVM never
 * get the same port; another process may still take it before the server binds it, which {@link
 * RedisProcess} answers by choosing again.
 */
final class LoopbackPorts {

  /** Redis Cluster's bus listens on the client port plus this. */
  static final int BUS_OFFSET = 10_000;

  private static final int BUS_RANGE_START = 11_000;
  private static final int BUS_RANGE_END = 30_000;
  private static final int ATTEMPTS = 500;
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  private LoopbackPorts() {}

  /**
   * A free port.
   *
   * @return a port no other server of this JVM got
   */
  static int free() {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = bindAny();
      if (HANDED_OUT.add(port)) {
        return port;
      }
    }
    throw new IllegalStateException("no free port on 127.0.0.1");
  }

  /**
   * A free port whose cluster bus port ({@code port + 10000}) is free too: both below 40000, out of
   * Linux's usual range of ephemeral ports for the client port.
   *
   * @return a port no other server of this JVM got, nor its bus port
   */
  static int freeWithBus() {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(BUS_RANGE_START, BUS_RANGE_END);
      int bus = port + BUS_OFFSET;
      if (canBind(port) && canBind(bus) && HANDED_OUT.add(port)) {
        if (HANDED_OUT.add(bus)) {
          return port;
        }
        HANDED_OUT.remove(port);
      }
    }
    throw new IllegalStateException("no free pair of client and cluster bus ports on 127.0.0.1");
  }

  private static int bindAny() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on 127.0.0.1", e);
    }
  }

  private static boolean canBind(int port) {
    if (HANDED_OUT.contains(port)) {
      return false;
    }
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
