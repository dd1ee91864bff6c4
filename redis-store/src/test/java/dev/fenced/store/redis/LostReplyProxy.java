package dev.fenced.store.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP proxy on {@code 127.0.0.1} in front of a Redis that forwards everything, except that once
 * {@linkplain #loseReplyTo armed} with some bytes (a script's SHA-1), it forwards the next command
 * holding them, lets Redis run it, drops Redis's reply, runs an action (what another client does
 * meanwhile) and resets the client's connection: a command that ran, whose caller saw only a lost
 * connection. Each arming loses one reply.
 */
final class LostReplyProxy extends LoopbackProxy {

  private final AtomicReference<Arming> armed = new AtomicReference<>();
  private final AtomicInteger lost = new AtomicInteger();

  /**
   * @param target the Redis to forward to
   */
  LostReplyProxy(URI target) {
    super(target.getHost(), target.getPort(), "lost-reply-proxy");
    start();
  }

  /**
   * Loses the reply to the next command that holds {@code trigger}, after running {@code meanwhile}
   * once Redis has run the command.
   */
  void loseReplyTo(byte[] trigger, Runnable meanwhile) {
    lost.set(0);
    armed.set(new Arming(trigger.clone(), meanwhile));
  }

  /** How many replies were lost, each with its connection, since the last arming. */
  int lostReplies() {
    return lost.get();
  }

  @Override
  void relay(Socket client, Socket redis) {
    Pair pair = new Pair(client, redis);
    daemon(pair::commands);
    daemon(pair::replies);
  }

  /** One client connection and its connection to Redis. */
  private final class Pair {
    private final Socket client;
    private final Socket redis;
    private volatile Arming losing;

    Pair(Socket client, Socket redis) {
      this.client = client;
      this.redis = redis;
    }

    void commands() {
      byte[] buffer = new byte[65536];
      try (InputStream in = client.getInputStream()) {
        OutputStream out = redis.getOutputStream();
        int n;
        while ((n = in.read(buffer)) >= 0) {
          Arming arming = armed.get();
          if (arming != null && arming.foundIn(buffer, n) && armed.compareAndSet(arming, null)) {
            losing = arming;
          }
          out.write(buffer, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // a socket closed: the other direction ends with it
      }
    }

    void replies() {
      byte[] buffer = new byte[65536];
      try (InputStream in = redis.getInputStream()) {
        OutputStream out = client.getOutputStream();
        int n;
        while ((n = in.read(buffer)) >= 0) {
          Arming arming = losing;
          if (arming != null) {
            arming.meanwhile.run();
            lost.incrementAndGet();
            client.setSoLinger(true, 0); // a reset, not an orderly close
            client.close();
            redis.close();
            return;
          }
          out.write(buffer, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // a socket closed: the other direction ends with it
      }
    }
  }

  private record Arming(byte[] trigger, Runnable meanwhile) {
    boolean foundIn(byte[] buffer, int length) {
      for (int i = 0; i + trigger.length <= length; i++) {
        if (Arrays.equals(buffer, i, i + trigger.length, trigger, 0, trigger.length)) {
          return true;
        }
      }
      return false;
    }
  }
}
