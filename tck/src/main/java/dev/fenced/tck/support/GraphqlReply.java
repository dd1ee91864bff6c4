package dev.fenced.tck.support;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Optional;

/**
 * A response of a GraphQL endpoint: its HTTP status and its JSON, with the value and the error of
 * each root field by response key.
 *
 * @param status the HTTP status
 * @param text the body as sent
 * @param body the body as a JSON object, empty when it is none
 */
public record GraphqlReply(int status, String text, JsonObject body) {

  /**
   * Reads a response.
   *
   * @param status the HTTP status
   * @param text the body
   * @return the reply
   */
  static GraphqlReply of(int status, String text) {
    JsonObject body;
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      body = reader.readValue() instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT;
    } catch (JsonException e) {
      body = JsonValue.EMPTY_JSON_OBJECT;
    }
    return new GraphqlReply(status, text, body);
  }

  /**
   * A root field's value.
   *
   * @param responseKey the field's alias or name
   * @return its value, {@code JsonValue.NULL} when it failed
   */
  public JsonValue data(String responseKey) {
    return body.get("data") instanceof JsonObject data && data.containsKey(responseKey)
        ? data.get(responseKey)
        : JsonValue.NULL;
  }

  /**
   * A root field's value as an object.
   *
   * @param responseKey the field's alias or name
   * @return the object
   * @throws AssertionError when the field has no object value
   */
  public JsonObject object(String responseKey) {
    if (data(responseKey) instanceof JsonObject object) {
      return object;
    }
    throw new AssertionError(responseKey + " has no object value in " + describe());
  }

  /**
   * The error of a root field.
   *
   * @param responseKey the field's alias or name
   * @return the error whose {@code path} is that field, or empty
   */
  public Optional<JsonObject> error(String responseKey) {
    if (!(body.get("errors") instanceof JsonArray errors)) {
      return Optional.empty();
    }
    return errors.stream()
        .filter(JsonObject.class::isInstance)
        .map(JsonObject.class::cast)
        .filter(
            error ->
                error.get("path") instanceof JsonArray path
                    && path.size() == 1
                    && path.get(0) instanceof JsonString key
                    && key.getString().equals(responseKey))
        .findFirst();
  }

  /**
   * The {@code extensions} of a root field's error.
   *
   * @param responseKey the field's alias or name
   * @return the extensions
   * @throws AssertionError when the field has no error, or it no extensions
   */
  public JsonObject extensions(String responseKey) {
    JsonObject error =
        error(responseKey)
            .orElseThrow(() -> new AssertionError(responseKey + " has no error in " + describe()));
    if (error.get("extensions") instanceof JsonObject extensions) {
      return extensions;
    }
    throw new AssertionError(responseKey + "'s error has no extensions in " + describe());
  }

  /**
   * The message of a root field's error.
   *
   * @param responseKey the field's alias or name
   * @return the message
   * @throws AssertionError when the field has no error
   */
  public String message(String responseKey) {
    return error(responseKey)
        .map(error -> error.getString("message", ""))
        .orElseThrow(() -> new AssertionError(responseKey + " has no error in " + describe()));
  }

  /**
   * For assertion messages.
   *
   * @return the status and the body
   */
  public String describe() {
    return "HTTP " + status + " " + text;
  }
}
