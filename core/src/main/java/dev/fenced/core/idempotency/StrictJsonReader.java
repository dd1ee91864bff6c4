package dev.fenced.core.idempotency;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.ByteArrayInputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a body as exactly one JSON document, or not at all: text after the first value, a member
 * name repeated in one object (which parsers resolve differently, so it could hide a difference),
 * or nesting deeper than {@value #MAX_DEPTH} make it "not JSON". Numbers keep their exact decimal
 * value and scale. Built on the JSON-P streaming parser so the rules do not depend on how a
 * provider's reader treats them.
 */
final class StrictJsonReader {

  static final int MAX_DEPTH = 1000;

  private final JsonParserFactory parsers = Json.createParserFactory(Map.of());
  private final JsonBuilderFactory builders = Json.createBuilderFactory(Map.of());

  /**
   * The document in {@code body}.
   *
   * @return the value, or empty when the body is not exactly one JSON document
   */
  Optional<JsonValue> read(byte[] body) {
    try (JsonParser parser = parsers.createParser(new ByteArrayInputStream(body))) {
      JsonValue value = value(parser, parser.next(), 0);
      return parser.hasNext() ? Optional.empty() : Optional.of(value);
    } catch (RuntimeException e) {
      // JsonException, NotStrictJson, or a provider's own limit (Parsson's nesting depth throws a
      // bare RuntimeException): whatever the reason, the body is hashed as raw bytes
      return Optional.empty();
    }
  }

  private JsonValue value(JsonParser parser, JsonParser.Event event, int depth) {
    return switch (event) {
      case START_OBJECT -> object(parser, depth + 1);
      case START_ARRAY -> array(parser, depth + 1);
      case VALUE_STRING -> builders.createArrayBuilder().add(parser.getString()).build().get(0);
      case VALUE_NUMBER -> builders.createArrayBuilder().add(parser.getBigDecimal()).build().get(0);
      case VALUE_TRUE -> JsonValue.TRUE;
      case VALUE_FALSE -> JsonValue.FALSE;
      case VALUE_NULL -> JsonValue.NULL;
      default -> throw new NotStrictJson();
    };
  }

  private JsonValue object(JsonParser parser, int depth) {
    requireDepth(depth);
    JsonObjectBuilder object = builders.createObjectBuilder();
    Set<String> names = new HashSet<>();
    for (JsonParser.Event event = parser.next();
        event != JsonParser.Event.END_OBJECT;
        event = parser.next()) {
      String name = parser.getString();
      if (!names.add(name)) {
        throw new NotStrictJson();
      }
      object.add(name, value(parser, parser.next(), depth));
    }
    return object.build();
  }

  private JsonValue array(JsonParser parser, int depth) {
    requireDepth(depth);
    JsonArrayBuilder array = builders.createArrayBuilder();
    for (JsonParser.Event event = parser.next();
        event != JsonParser.Event.END_ARRAY;
        event = parser.next()) {
      array.add(value(parser, event, depth));
    }
    return array.build();
  }

  private static void requireDepth(int depth) {
    if (depth > MAX_DEPTH) {
      throw new NotStrictJson();
    }
  }

  /** The body parses, but not as one strict document. */
  private static final class NotStrictJson extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotStrictJson() {
      super(null, null, false, false);
    }
  }
}
