package dev.fenced.example.bookshelf;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The deployed demo's API, over plain HTTP: on {@code 127.0.0.1}, port 8080 plus {@code
 * wildfly.port-offset}, as the build starts it.
 */
final class BookshelfApi {

  static final URI BASE =
      URI.create(
          "http://127.0.0.1:"
              + (8080 + Integer.getInteger("wildfly.port-offset", 0))
              + "/bookshelf/api/");

  /** The GraphQL endpoint, next to the API: {@code /bookshelf/graphql}. */
  static final String GRAPHQL_PATH = "../graphql";

  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  HttpResponse<byte[]> get(String path) throws IOException, InterruptedException {
    return client.send(request(path).GET().build(), BodyHandlers.ofByteArray());
  }

  HttpResponse<byte[]> post(String path, String json, String... headers)
      throws IOException, InterruptedException {
    return postAsync(path, json, headers).join();
  }

  CompletableFuture<HttpResponse<byte[]>> postAsync(String path, String json, String... headers) {
    HttpRequest.Builder request =
        request(path)
            .POST(BodyPublishers.ofString(json))
            .header("Content-Type", "application/json");
    if (headers.length > 0) {
      request.headers(headers);
    }
    return client.sendAsync(request.build(), BodyHandlers.ofByteArray());
  }

  /**
   * Runs a GraphQL document at {@code /bookshelf/graphql}: {@code {"query": document}}, as JSON.
   */
  HttpResponse<byte[]> graphql(String document, String... headers) {
    return graphqlAsync(document, headers).join();
  }

  CompletableFuture<HttpResponse<byte[]>> graphqlAsync(String document, String... headers) {
    return postAsync(
        GRAPHQL_PATH,
        Json.createObjectBuilder().add("query", document).build().toString(),
        headers);
  }

  /** Creates an order of two copies of {@code b1} (25.00) and answers its id. */
  String createOrder() throws IOException, InterruptedException {
    HttpResponse<byte[]> created =
        post("orders", "{\"items\": [{\"bookId\": \"b1\", \"quantity\": 2}]}");
    assertThat(created.statusCode()).isEqualTo(201);
    return object(created).getString("id");
  }

  /** Pays an order by card under a key. */
  HttpResponse<byte[]> pay(String orderId, String key) throws IOException, InterruptedException {
    return post(payPath(orderId), "{\"paymentMethod\": \"card\"}", "Idempotency-Key", key);
  }

  static String payPath(String orderId) {
    return "orders/" + orderId + "/pay";
  }

  /** The {@code count} of an admin counter. */
  long count(String path) throws IOException, InterruptedException {
    HttpResponse<byte[]> response = get(path);
    assertThat(response.statusCode()).isEqualTo(200);
    return object(response).getJsonNumber("count").longValue();
  }

  static JsonObject object(HttpResponse<byte[]> response) {
    return (JsonObject) structure(response);
  }

  static JsonStructure structure(HttpResponse<byte[]> response) {
    try (var reader = Json.createReader(new ByteArrayInputStream(response.body()))) {
      return reader.read();
    }
  }

  private static HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(BASE.resolve(path)).timeout(Duration.ofSeconds(30));
  }
}
