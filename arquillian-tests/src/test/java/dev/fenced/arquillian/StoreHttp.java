package dev.fenced.arquillian;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

/** Guarded {@code POST}s with an {@code Idempotency-Key}, for the store ITs. */
final class StoreHttp {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private StoreHttp() {}

  static String uniqueKey() {
    return "key-" + UUID.randomUUID();
  }

  static HttpResponse<String> postOrder(URL base, String key) {
    return post(base, "api/orders", key, "{\"book\":\"b-1\"}");
  }

  static HttpResponse<String> post(URL base, String path, String key, String json) {
    return send(
        HttpRequest.newBuilder(URI.create(base.toExternalForm()).resolve(path))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  /** How often the guarded {@code POST /api/orders} ran, read from its unguarded counter. */
  static long runs(URL base) {
    HttpResponse<String> reply =
        send(
            HttpRequest.newBuilder(URI.create(base.toExternalForm()).resolve("api/orders/runs"))
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build());
    if (reply.statusCode() != 200) {
      throw new IllegalStateException("GET api/orders/runs: " + reply.statusCode() + reply.body());
    }
    return Long.parseLong(reply.body().strip());
  }

  private static HttpResponse<String> send(HttpRequest request) {
    try {
      return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
