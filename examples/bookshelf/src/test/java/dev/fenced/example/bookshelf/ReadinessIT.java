package dev.fenced.example.bookshelf;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Fenced's readiness checks on WildFly's management health endpoint, as an operator reads them. */
class ReadinessIT {

  private static final URI READY =
      URI.create(
          "http://127.0.0.1:"
              + Integer.getInteger("wildfly.management-port", 9990)
              + "/health/ready");

  @Test
  void the_readiness_endpoint_reports_both_stores_of_the_demo_up() throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(READY).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    JsonObject health = Json.createReader(new StringReader(response.body())).readObject();
    Map<String, String> checks =
        health.getJsonArray("checks").stream()
            .map(JsonValue::asJsonObject)
            .collect(Collectors.toMap(c -> c.getString("name"), c -> c.getString("status")));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(checks)
        .containsEntry("fenced-idempotency-store", "UP")
        .containsEntry("fenced-lock-store", "UP");
  }
}
