package dev.fenced.arquillian;

import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A load generator for a deployment on this machine: a number of keep-alive HTTP/1.1 connections,
 * each a client of its own used by one worker of a {@link ClosedLoop}, so a worker's requests
 * follow each other on its connection. Loopback addresses only; every request is bounded by {@link
 * #REQUEST_TIMEOUT}.
 */
final class HttpLoad {

  /** The longest one request may take. */
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

  private static final byte[] ORDER = "{\"book\":\"b-1\"}".getBytes(StandardCharsets.UTF_8);

  private final URI api;
  private final List<HttpClient> connections = new ArrayList<>();

  /**
   * Clients of the deployment at {@code base}.
   *
   * @param base the deployment's URL, from {@code @ArquillianResource}: a loopback address
   * @param connections how many connections, one per worker
   * @throws IllegalArgumentException when {@code base} is not on a loopback address
   */
  HttpLoad(URL base, int connections) {
    requireLoopback(base);
    String root = base.toExternalForm();
    this.api = URI.create((root.endsWith("/") ? root : root + "/") + "api/");
    for (int i = 0; i < connections; i++) {
      this.connections.add(
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(REQUEST_TIMEOUT)
              .followRedirects(HttpClient.Redirect.NEVER)
              .build());
    }
  }

  /** How many connections there are. */
  int connections() {
    return connections.size();
  }

  /**
   * A {@code POST} of a small JSON order.
   *
   * @param connection the worker's connection
   * @param path under {@code /api/}
   * @param key the {@code Idempotency-Key}
   * @return the response
   */
  Reply post(int connection, String path, String key) {
    HttpRequest request =
        HttpRequest.newBuilder(api.resolve(path))
            .timeout(REQUEST_TIMEOUT)
            .header("Content-Type", Http.JSON)
            .header(Http.KEY, key)
            .POST(HttpRequest.BodyPublishers.ofByteArray(ORDER))
            .build();
    try {
      HttpResponse<byte[]> response =
          connections.get(connection).send(request, HttpResponse.BodyHandlers.ofByteArray());
      return new Reply(response.statusCode(), response.headers().map(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("POST " + request.uri() + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static void requireLoopback(URL base) {
    try {
      for (InetAddress address : InetAddress.getAllByName(base.getHost())) {
        if (!address.isLoopbackAddress()) {
          throw new IllegalArgumentException(
              "the load goes to loopback addresses only, not to " + base);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot resolve " + base, e);
    }
  }
}
