package dev.fenced.example.bookshelf;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * WildFly's management health endpoint ({@code /health/ready} on {@code wildfly.management-port}),
 * as an operator reads it: the HTTP status, and each check's status and data by name.
 *
 * @param status the HTTP status: 200 when every check is UP, 503 otherwise
 * @param checks each check by name
 * @param body the answer, for failure messages
 */
record Readiness(int status, Map<String, JsonObject> checks, String body) {

  private static final URI READY =
      URI.create(
          "http://127.0.0.1:"
              + Integer.getInteger("wildfly.management-port", 9990)
              + "/health/ready");

  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  /** Asks the endpoint once. */
  static Readiness read() throws IOException, InterruptedException {
    HttpResponse<String> response =
        CLIENT.send(
            HttpRequest.newBuilder(READY).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
    JsonObject health = Json.createReader(new StringReader(response.body())).readObject();
    Map<String, JsonObject> checks =
        health.getJsonArray("checks").stream()
            .map(JsonValue::asJsonObject)
            .collect(Collectors.toMap(c -> c.getString("name"), c -> c));
    return new Readiness(response.statusCode(), checks, response.body());
  }

  /** A check's status, {@code UP} or {@code DOWN}, or {@code null} when there is no such check. */
  String statusOf(String check) {
    JsonObject found = checks.get(check);
    return found == null ? null : found.getString("status");
  }

  /** A check's data entry, or {@code null}. */
  String dataOf(String check, String key) {
    JsonObject found = checks.get(check);
    if (found == null || !found.containsKey("data")) {
      return null;
    }
    JsonObject data = found.getJsonObject("data");
    return data.containsKey(key) ? data.get(key).toString().replace("\"", "") : null;
  }
}
