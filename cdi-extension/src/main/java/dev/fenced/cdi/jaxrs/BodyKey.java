package dev.fenced.cdi.jaxrs;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.util.List;

/**
 * The key a JSON request body holds at a JSON pointer ({@code @Idempotent(keyFrom =
 * "body:/paymentId")}): a string, or a number as written. A body that is not JSON, a pointer that
 * names nothing, {@code null}, an object, an array or a boolean hold no key.
 */
final class BodyKey {

  private BodyKey() {}

  /**
   * The values of the key in a body: one, or none.
   *
   * @param body the decoded request body
   * @param pointer an RFC 6901 pointer, {@code /paymentId}
   * @return the key as text, or empty when the body holds none there
   */
  static List<String> values(byte[] body, String pointer) {
    if (body.length == 0) {
      return List.of();
    }
    try (JsonReader reader = Json.createReader(new ByteArrayInputStream(body))) {
      JsonValue document = reader.readValue();
      if (!(document instanceof JsonStructure structure)) {
        return List.of();
      }
      var at = Json.createPointer(pointer);
      if (!at.containsValue(structure)) {
        return List.of();
      }
      JsonValue value = at.getValue(structure);
      if (value instanceof JsonString text) {
        return List.of(text.getString());
      }
      if (value instanceof JsonNumber number) {
        return List.of(number.toString());
      }
      return List.of();
    } catch (JsonException | IllegalStateException e) {
      return List.of(); // not JSON: no key, as a request without the header has none
    }
  }
}
