package dev.fenced.graphql;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * What a GraphQL request over HTTP asks to run, read from a {@code POST} body: the document, the
 * operation's name and the variables. A JSON body ({@code application/json}) holds them as members;
 * an {@code application/graphql} body is the document alone.
 *
 * @param document the GraphQL document
 * @param operationName the operation to run, or {@code null}
 * @param variables the variables, or {@code null}
 */
record OperationRequest(String document, String operationName, JsonObject variables) {

  /**
   * Reads a request body.
   *
   * @param contentType the request's {@code Content-Type}, or {@code null}
   * @param body the body
   * @return the request, or empty when the body is not a single GraphQL request (a batch, another
   *     media type, JSON without a {@code query} string)
   */
  static Optional<OperationRequest> read(String contentType, byte[] body) {
    String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
    String text = new String(body, StandardCharsets.UTF_8);
    if (type.startsWith("application/graphql")) {
      return Optional.of(new OperationRequest(text, null, null));
    }
    JsonValue parsed;
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      parsed = reader.readValue();
    } catch (RuntimeException e) {
      // a JsonException, or what a provider throws past its limits (Parsson: a RuntimeException
      // for nesting deeper than 1,000); the endpoint answers such a body with its own error
      return Optional.empty();
    }
    if (!(parsed instanceof JsonObject request)
        || !(request.get("query") instanceof JsonString query)) {
      return Optional.empty();
    }
    String operationName =
        request.get("operationName") instanceof JsonString name ? name.getString() : null;
    JsonObject variables = request.get("variables") instanceof JsonObject values ? values : null;
    return Optional.of(new OperationRequest(query.getString(), operationName, variables));
  }
}
