package dev.fenced.core.idempotency;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonPointer;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.Collection;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A fingerprint customiser that drops volatile fields of a JSON body, named by RFC 6901 JSON
 * pointers ({@code /requestedAt}, {@code /meta/traceId}, {@code /items/0/note}). A pointer that
 * names nothing in a given body is skipped; the body itself (pointer {@code ""}) cannot be dropped.
 */
public final class IgnoredFields implements UnaryOperator<JsonValue> {

  private static final IgnoredFields NONE = new IgnoredFields(List.of());

  private final List<String> pointers;
  private final List<JsonPointer> parsed;

  private IgnoredFields(List<String> pointers) {
    this.pointers = pointers;
    this.parsed = pointers.stream().map(Json::createPointer).toList();
  }

  /**
   * The customiser for these pointers.
   *
   * @param jsonPointers RFC 6901 pointers, each starting with {@code /}
   * @return the customiser
   * @throws IllegalArgumentException when a pointer is empty or not a JSON pointer
   */
  public static IgnoredFields of(Collection<String> jsonPointers) {
    if (jsonPointers.isEmpty()) {
      return NONE; // every call of a method without ignored fields asks: no allocation for it
    }
    List<String> pointers = List.copyOf(jsonPointers);
    for (String pointer : pointers) {
      if (!pointer.startsWith("/")) {
        throw new IllegalArgumentException(
            "\"" + pointer + "\" is not a JSON pointer to a field; write it as /name or /a/b");
      }
    }
    try {
      return new IgnoredFields(pointers);
    } catch (JsonException e) {
      throw new IllegalArgumentException("not a JSON pointer: " + e.getMessage(), e);
    }
  }

  @Override
  public JsonValue apply(JsonValue body) {
    if (!(body instanceof JsonStructure structure)) {
      return body;
    }
    JsonStructure kept = structure;
    for (JsonPointer pointer : parsed) {
      try {
        if (pointer.containsValue(kept)) {
          kept = pointer.remove(kept);
        }
      } catch (JsonException e) {
        // the pointer does not fit this body's shape (say, a name into an array): nothing to drop
      }
    }
    return kept;
  }

  @Override
  public String toString() {
    return "IgnoredFields" + pointers;
  }
}
