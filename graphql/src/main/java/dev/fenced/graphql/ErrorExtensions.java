package dev.fenced.graphql;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes Fenced's refusals into a GraphQL response: the error whose {@code path} is a refused root
 * field gets {@code code}, {@code httpStatus} and, for a key in use, {@code retryAfter} in its
 * {@code extensions}, next to what the GraphQL implementation put there. Done on the response
 * rather than through an implementation's error SPI, so it reads the same on every server (Open
 * Liberty's MicroProfile GraphQL has no such SPI) and needs no configuration.
 */
final class ErrorExtensions {

  private ErrorExtensions() {}

  /**
   * The response with the refusals written into its errors.
   *
   * @param response the GraphQL response as the implementation wrote it, UTF-8 JSON
   * @param refusals by response key
   * @return the response with the extensions added, or {@code response} when it is not a GraphQL
   *     response with errors
   */
  static byte[] add(byte[] response, Map<String, Refusal> refusals) {
    JsonObject body;
    try (JsonReader reader = Json.createReader(new ByteArrayInputStream(response))) {
      if (!(reader.readValue() instanceof JsonObject object)) {
        return response;
      }
      body = object;
    } catch (RuntimeException e) {
      // a JsonException, or what a provider throws past its limits (Parsson: a RuntimeException
      // for nesting deeper than 1,000); the response goes out as the implementation wrote it
      return response;
    }
    if (!(body.get("errors") instanceof JsonArray errors)) {
      return response;
    }
    JsonArrayBuilder written = Json.createArrayBuilder();
    for (JsonValue error : errors) {
      written.add(withExtensions(error, refusals));
    }
    return Json.createObjectBuilder(body)
        .add("errors", written)
        .build()
        .toString()
        .getBytes(StandardCharsets.UTF_8);
  }

  private static JsonValue withExtensions(JsonValue error, Map<String, Refusal> refusals) {
    if (!(error instanceof JsonObject object)
        || !(object.get("path") instanceof JsonArray path)
        || path.size() != 1
        || !(path.get(0) instanceof JsonString field)
        || !refusals.containsKey(field.getString())) {
      return error;
    }
    Refusal refusal = refusals.get(field.getString());
    JsonObjectBuilder extensions =
        object.get("extensions") instanceof JsonObject existing
            ? Json.createObjectBuilder(existing)
            : Json.createObjectBuilder();
    extensions.add("code", refusal.code()).add("httpStatus", refusal.httpStatus());
    refusal.retryAfterSeconds().ifPresent(seconds -> extensions.add("retryAfter", seconds));
    return Json.createObjectBuilder(object).add("extensions", extensions).build();
  }
}
