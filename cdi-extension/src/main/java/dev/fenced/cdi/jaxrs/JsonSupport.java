package dev.fenced.cdi.jaxrs;

import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParserFactory;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * JSON-P factories, looked up once: {@code jakarta.json.Json}'s static methods look the provider up
 * on every call.
 */
final class JsonSupport {

  private static final JsonProvider PROVIDER = JsonProvider.provider();

  /** Builds objects and arrays. */
  static final JsonBuilderFactory BUILDERS = PROVIDER.createBuilderFactory(Map.of());

  /** Parses JSON text. */
  static final JsonParserFactory PARSERS = PROVIDER.createParserFactory(Map.of());

  private static final JsonWriterFactory WRITERS = PROVIDER.createWriterFactory(Map.of());

  private JsonSupport() {}

  /**
   * Writes an object as compact UTF-8 JSON.
   *
   * @param object the object
   * @return its bytes
   */
  static byte[] toBytes(JsonObject object) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonWriter writer = WRITERS.createWriter(out, StandardCharsets.UTF_8)) {
      writer.writeObject(object);
    }
    return out.toByteArray();
  }
}
