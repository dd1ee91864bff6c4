package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP proxy on {@code 127.0.0.1} in front of a Redis whose clock reads behind by a whole number
 * of seconds: it forwards every command as sent, and every reply as received but a reply to {@code
 * TIME}, whose seconds it lowers (bytes pass as ISO-8859-1, unchanged). A real node with a skewed
 * clock, as far as a client can tell, without changing the host's clock. Replies are read value by
 * value (RESP2 and RESP3), so a reply split over several reads is rewritten whole.
 */
final class SkewedClockProxy extends LoopbackProxy {

  /** The reply to {@code TIME}: two bulk strings, seconds (10 digits) and microseconds. */
  private static final Pattern TIME =
      Pattern.compile("\\*2\r\n\\$10\r\n(\\d{10})\r\n\\$\\d\r\n\\d{1,6}\r\n");

  private final long behindSeconds;

  /**
   * @param targetPort the loopback port of the Redis
   * @param behind how far its clock is to read behind, in whole seconds
   */
  SkewedClockProxy(int targetPort, Duration behind) {
    super(InetAddress.getLoopbackAddress().getHostAddress(), targetPort, "skewed-clock-proxy");
    this.behindSeconds = behind.toSeconds();
    start();
  }

  @Override
  void relay(Socket client, Socket redis) {
    daemon(() -> commands(client, redis));
    daemon(() -> replies(redis, client));
  }

  private static void commands(Socket from, Socket to) {
    try (InputStream in = from.getInputStream()) {
      in.transferTo(to.getOutputStream());
    } catch (IOException e) {
      // a socket closed: the other direction ends with it
    }
  }

  private void replies(Socket from, Socket to) {
    try (InputStream in = new BufferedInputStream(from.getInputStream())) {
      OutputStream out = to.getOutputStream();
      while (true) {
        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        if (!copyValue(in, reply)) {
          return;
        }
        out.write(skewed(reply.toString(ISO_8859_1)).getBytes(ISO_8859_1));
        out.flush();
      }
    } catch (IOException e) {
      // a socket closed: the other direction ends with it
    }
  }

  private String skewed(String reply) {
    Matcher time = TIME.matcher(reply);
    if (!time.matches()) {
      return reply;
    }
    String seconds = Long.toString(Long.parseLong(time.group(1)) - behindSeconds);
    return reply.substring(0, time.start(1)) + seconds + reply.substring(time.end(1));
  }

  /** Copies one RESP value; false at the end of the stream. */
  private static boolean copyValue(InputStream in, ByteArrayOutputStream out) throws IOException {
    String line = line(in);
    if (line == null) {
      return false;
    }
    out.write((line + "\r\n").getBytes(ISO_8859_1));
    char type = line.charAt(0);
    long count = type == '_' || line.length() < 2 ? 0 : parse(line.substring(1));
    switch (type) {
      case '$', '=', '!' -> out.write(in.readNBytes(count < 0 ? 0 : (int) count + 2));
      case '*', '~', '>' -> copyValues(in, out, count);
      case '%', '|' -> copyValues(in, out, 2 * count);
      default -> {
        // a simple value: + - : , # ( _
      }
    }
    return true;
  }

  private static void copyValues(InputStream in, ByteArrayOutputStream out, long count)
      throws IOException {
    for (long i = 0; i < count; i++) {
      copyValue(in, out);
    }
  }

  private static long parse(String number) {
    try {
      return Long.parseLong(number);
    } catch (NumberFormatException e) {
      return 0; // a simple value, not a length
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n' && line.length() > 0 && line.charAt(line.length() - 1) == '\r') {
        return line.substring(0, line.length() - 1);
      }
      line.append((char) c);
    }
    return null;
  }
}
