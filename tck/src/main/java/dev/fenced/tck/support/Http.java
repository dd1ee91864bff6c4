package dev.fenced.tck.support;

import dev.fenced.tck.deployed.TckTimeouts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The client side of the HTTP TCK: requests to a deployment's {@code /api} with or without an
 * {@code Idempotency-Key}, and the deployment's invocation counter.
 */
public final class Http {

  /** The key header's default name. */
  public static final String KEY = "Idempotency-Key";

  /** The media type of JSON request bodies. */
  public static final String JSON = "application/json";

  /** How long one request may take. */
  public static final Duration REQUEST_TIMEOUT = TckTimeouts.scaled(Duration.ofSeconds(30));

  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(TckTimeouts.scaled(Duration.ofSeconds(10)))
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  private final URI api;

  /**
   * A client of one deployment.
   *
   * @param base the deployment's URL, from {@code @ArquillianResource}
   */
  public Http(URL base) {
    String root = base.toExternalForm();
    this.api = URI.create((root.endsWith("/") ? root : root + "/") + "api/");
  }

  /**
   * A fresh name, so tests sharing a deployment never share a key or a counter.
   *
   * @param prefix what it names
   * @return {@code prefix} and a random UUID
   */
  public static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  /**
   * A POST with a JSON body.
   *
   * @param path the path under {@code /api/}, with its query
   * @param key the {@code Idempotency-Key} value, or {@code null} to send none
   * @param json the body
   * @return the response
   */
  public Reply post(String path, String key, String json) {
    return send("POST", path, key, JSON, json.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A request with any method and body.
   *
   * @param method the HTTP method
   * @param path the path under {@code /api/}, with its query
   * @param key the {@code Idempotency-Key} value, or {@code null} to send none
   * @param contentType the body's media type, or {@code null} without a body
   * @param body the body, or {@code null} for none
   * @return the response
   */
  public Reply send(String method, String path, String key, String contentType, byte[] body) {
    return await(sendAsync(method, path, key, contentType, body));
  }

  /**
   * Like {@link #send}, without waiting for the response.
   *
   * @param method the HTTP method
   * @param path the path under {@code /api/}, with its query
   * @param key the {@code Idempotency-Key} value, or {@code null} to send none
   * @param contentType the body's media type, or {@code null} without a body
   * @param body the body, or {@code null} for none
   * @return the response, later
   */
  public CompletableFuture<Reply> sendAsync(
      String method, String path, String key, String contentType, byte[] body) {
    return sendAsync(method, path, key, contentType, body, Map.of());
  }

  /**
   * A JSON request with one more header, e.g. the caller's name for a deployment's test filter.
   *
   * @param header the extra header's name
   * @param value its value, or {@code null} to send none
   * @param method the HTTP method
   * @param path the path under {@code /api/}, with its query
   * @param key the {@code Idempotency-Key} value, or {@code null} to send none
   * @param json the body
   * @return the response
   */
  public Reply sendWith(
      String header, String value, String method, String path, String key, String json) {
    return await(
        sendAsync(
            method,
            path,
            key,
            JSON,
            json.getBytes(StandardCharsets.UTF_8),
            value == null ? Map.of() : Map.of(header, value)));
  }

  private CompletableFuture<Reply> sendAsync(
      String method,
      String path,
      String key,
      String contentType,
      byte[] body,
      Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(api.resolve(path))
            .timeout(REQUEST_TIMEOUT)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    if (key != null) {
      request.header(KEY, key);
    }
    headers.forEach(request::header);
    return CLIENT
        .sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
        .thenApply(r -> new Reply(r.statusCode(), r.headers().map(), r.body()));
  }

  /**
   * A GET without a key.
   *
   * @param path the path under {@code /api/}
   * @return the response
   */
  public Reply get(String path) {
    return send("GET", path, null, null, null);
  }

  /**
   * How often the deployment counted {@code name}.
   *
   * @param name the counter, usually a test's tag
   * @return the count
   */
  public int invocations(String name) {
    Reply reply = get("invocations/" + name);
    if (reply.status() != 200) {
      throw new AssertionError("GET invocations/" + name + " answered " + reply);
    }
    return Integer.parseInt(reply.text().strip());
  }

  /**
   * Sends a request over a plain socket, for header bytes {@link HttpClient} refuses or rewrites
   * (non-ASCII, control characters). HTTP/1.0 with {@code Connection: close}, so the body ends with
   * the connection.
   *
   * @param method the HTTP method
   * @param path the path under {@code /api/}, with its query
   * @param keyBytes the raw bytes of the {@code Idempotency-Key} value
   * @param json the JSON body
   * @return the response
   */
  public Reply sendRaw(String method, String path, byte[] keyBytes, String json) {
    URI target = api.resolve(path);
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    write(
        request,
        method
            + " "
            + target.getRawPath()
            + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery())
            + " HTTP/1.0\r\nHost: "
            + target.getHost()
            + ":"
            + target.getPort()
            + "\r\nConnection: close\r\nContent-Type: "
            + JSON
            + "\r\nContent-Length: "
            + body.length
            + "\r\n"
            + KEY
            + ": ");
    request.writeBytes(keyBytes);
    write(request, "\r\n\r\n");
    request.writeBytes(body);
    try (Socket socket = new Socket(target.getHost(), target.getPort())) {
      socket.setSoTimeout((int) REQUEST_TIMEOUT.toMillis());
      OutputStream out = socket.getOutputStream();
      out.write(request.toByteArray());
      out.flush();
      InputStream in = socket.getInputStream();
      return parse(in.readAllBytes());
    } catch (IOException e) {
      throw new AssertionError("raw " + method + " " + target + " failed", e);
    }
  }

  private static void write(ByteArrayOutputStream out, String ascii) {
    out.writeBytes(ascii.getBytes(StandardCharsets.US_ASCII));
  }

  private static Reply parse(byte[] raw) {
    int end = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    if (end < 0) {
      throw new AssertionError(
          "no complete response head: " + new String(raw, StandardCharsets.ISO_8859_1));
    }
    String[] lines = new String(raw, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers
          .computeIfAbsent(lines[i].substring(0, colon).strip(), n -> new ArrayList<>())
          .add(lines[i].substring(colon + 1).strip());
    }
    byte[] body = Arrays.copyOfRange(raw, end + 4, raw.length);
    return new Reply(status, headers, body);
  }

  private static int indexOf(byte[] data, byte[] pattern) {
    outer:
    for (int i = 0; i + pattern.length <= data.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (data[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * Waits for a response, bounded by the request timeout.
   *
   * @param reply the pending response
   * @return the response
   */
  public static Reply await(CompletableFuture<Reply> reply) {
    try {
      return reply.get(REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for a response", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError("no response", e);
    }
  }
}
