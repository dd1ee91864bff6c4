package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.faults.FuzzRequest.Header;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * Sends one fuzz request as HTTP/1.1 bytes over a plain socket ({@code Connection: close}), so the
 * server sees exactly the bytes the JDK's client would refuse or change: control characters and
 * non-ASCII bytes in a header, a {@code Content-Length} of our own, a chunked body. A server that
 * answers before it read the whole body is still heard.
 */
final class SocketExchange {

  private static final int CHUNK = 64 * 1024;

  private SocketExchange() {}

  /**
   * Sends {@code request} to {@code member} and reads the answer.
   *
   * @param request the request
   * @param member where to
   * @param timeout the longest to connect, and to wait for each read
   * @return the answer
   * @throws IOException when no answer came
   */
  static FuzzAnswer send(FuzzRequest request, ClusterMember member, Duration timeout)
      throws IOException {
    URI uri = member.base();
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), (int) timeout.toMillis());
      socket.setSoTimeout((int) timeout.toMillis());
      try {
        write(request, uri, socket.getOutputStream());
      } catch (IOException e) {
        // the server may have answered and closed before it read the whole body: read that
      }
      return read(request, member, socket.getInputStream());
    }
  }

  private static void write(FuzzRequest request, URI base, OutputStream out) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    head.writeBytes(
        (request.method() + " " + base.getRawPath() + request.path() + " HTTP/1.1\r\n")
            .getBytes(StandardCharsets.UTF_8));
    head.writeBytes(
        ("Host: " + base.getHost() + ":" + base.getPort() + "\r\nConnection: close\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    boolean ownLength = false;
    for (Header header : request.headers()) {
      head.writeBytes(header.bytes());
      ownLength |= header.name().equalsIgnoreCase("Content-Length");
    }
    if (request.chunked()) {
      head.writeBytes("Transfer-Encoding: chunked\r\n".getBytes(StandardCharsets.US_ASCII));
    } else if (!ownLength) {
      head.writeBytes(
          ("Content-Length: " + request.body().length + "\r\n")
              .getBytes(StandardCharsets.US_ASCII));
    }
    head.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    out.write(head.toByteArray());
    byte[] body = request.body();
    if (request.chunked()) {
      for (int at = 0; at < body.length; at += CHUNK) {
        int length = Math.min(CHUNK, body.length - at);
        out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body, at, length);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      }
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    } else {
      out.write(body);
    }
    out.flush();
  }

  private static FuzzAnswer read(FuzzRequest request, ClusterMember member, InputStream in)
      throws IOException {
    byte[] bytes = readAll(in);
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (!text.startsWith("HTTP/1.") || end < 0) {
      throw new IOException("no HTTP answer, got " + bytes.length + " bytes: " + excerpt(text));
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    String contentType = null;
    boolean replayed = false;
    boolean chunked = false;
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = lines[i].substring(colon + 1).trim();
      switch (name) {
        case "content-type" -> contentType = value;
        case "idempotent-replayed" -> replayed = value.equalsIgnoreCase("true");
        case "transfer-encoding" -> chunked = value.equalsIgnoreCase("chunked");
        default -> {}
      }
    }
    byte[] body = java.util.Arrays.copyOfRange(bytes, end + 4, bytes.length);
    return FuzzAnswer.of(
        request, member, status, contentType, replayed, chunked ? dechunk(body) : body);
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        all.write(buffer, 0, n);
      }
    } catch (IOException e) {
      if (all.size() == 0) {
        throw e;
      }
      // a reset after the answer: keep what came
    }
    return all.toByteArray();
  }

  private static byte[] dechunk(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int at = 0;
    while (at < body.length) {
      int lineEnd = indexOfCrLf(body, at);
      if (lineEnd < 0) {
        break;
      }
      String size = new String(body, at, lineEnd - at, StandardCharsets.US_ASCII);
      int semicolon = size.indexOf(';');
      int length =
          Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
      if (length == 0) {
        break;
      }
      int start = lineEnd + 2;
      out.write(body, start, Math.min(length, body.length - start));
      at = start + length + 2;
    }
    return out.toByteArray();
  }

  private static int indexOfCrLf(byte[] bytes, int from) {
    for (int i = from; i + 1 < bytes.length; i++) {
      if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static String excerpt(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }
}
