package dev.fenced.core.idempotency;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a JSON value in one canonical form, so equal documents give equal bytes: object members
 * sorted by name (UTF-16 code units, as RFC 8785 does), no whitespace, strings escaped only where
 * needed ({@code "}, {@code \}, control characters and lone surrogates, as {@code \}{@code u00XX}),
 * so {@code "\}{@code u00e9"} and {@code "é"} are one string.
 *
 * <p>Numbers are written as {@link java.math.BigDecimal#toString()} of their exact text: the value
 * and the scale are kept, so {@code 1.0} and {@code 1} differ and {@code 1e2} and {@code 100}
 * differ, while {@code 1E2} and {@code 1e2} are one number. Two bodies count as one request only
 * when their numbers are written the same way; no rounding through {@code double} can merge two
 * different requests.
 */
final class CanonicalJson {

  private CanonicalJson() {}

  static byte[] toBytes(JsonValue value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return TextBytes.of(out.toString());
  }

  private static void write(JsonValue value, StringBuilder out) {
    switch (value.getValueType()) {
      case OBJECT -> writeObject(value.asJsonObject(), out);
      case ARRAY -> writeArray(value.asJsonArray(), out);
      case STRING -> writeString(((JsonString) value).getString(), out);
      case NUMBER -> out.append(((JsonNumber) value).bigDecimalValue().toString());
      case TRUE -> out.append("true");
      case FALSE -> out.append("false");
      case NULL -> out.append("null");
      default -> throw new IllegalStateException("JSON value type " + value.getValueType());
    }
  }

  private static void writeObject(JsonObject object, StringBuilder out) {
    List<String> names = new ArrayList<>(object.keySet());
    names.sort(null);
    out.append('{');
    for (int i = 0; i < names.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      writeString(names.get(i), out);
      out.append(':');
      write(object.get(names.get(i)), out);
    }
    out.append('}');
  }

  private static void writeArray(JsonArray array, StringBuilder out) {
    out.append('[');
    for (int i = 0; i < array.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      write(array.get(i), out);
    }
    out.append(']');
  }

  private static void writeString(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.append(c).append(text.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        // a lone surrogate has no UTF-8 form: escape it rather than let it become '?'
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
