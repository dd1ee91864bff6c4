package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.util.Locale;

/**
 * A TCP proxy on {@code 127.0.0.1} in front of a Redis that forwards everything until a client
 * sends a command holding a given word (e.g. {@code SCRIPT}); from then on it keeps every
 * connection open and forwards nothing, in either direction: a partition that starts at one exact
 * command.
 */
final class SilentProxy extends LoopbackProxy {

  private final byte[] trigger;
  private volatile boolean silent;

  /**
   * @param target the Redis to forward to
   * @param word the command word after which nothing is forwarded, matched case-insensitively
   */
  SilentProxy(URI target, String word) {
    super(target.getHost(), target.getPort(), "silent-proxy");
    this.trigger = word.toUpperCase(Locale.ROOT).getBytes(US_ASCII);
    start();
  }

  /** Whether the trigger was seen and the proxy forwards nothing any more. */
  boolean silent() {
    return silent;
  }

  @Override
  void relay(Socket client, Socket redis) {
    pump(client, redis, true);
    pump(redis, client, false);
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
}
