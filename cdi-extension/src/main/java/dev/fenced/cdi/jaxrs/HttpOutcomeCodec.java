package dev.fenced.cdi.jaxrs;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Encodes a stored HTTP outcome as the record payload, and decodes it for a replay.
 *
 * <p>The payload is a small versioned JSON envelope (UTF-8), written with JSON-P:
 *
 * <pre>
 * {"v":1,"kind":"http","status":201,"headers":{"location":["/orders/7"]},"body":"&lt;base64&gt;"}
 * </pre>
 *
 * <p>The body is base64 (RFC 4648, with padding), so binary bodies and NUL bytes survive. Decoding
 * is strict: anything else than exactly these five members with exactly these types and version
 * {@value #VERSION} is refused, because a record Fenced cannot read faithfully must not be replayed
 * as if it could (the caller answers 500 {@code IDEMPOTENCY_RECORD_UNREADABLE}).
 */
final class HttpOutcomeCodec {

  /** The envelope version this class writes and the only one it reads. */
  static final int VERSION = 1;

  /** The envelope kind of an HTTP outcome (non-HTTP records use other kinds). */
  static final String KIND = "http";

  private static final Set<String> MEMBERS = Set.of("v", "kind", "status", "headers", "body");

  private HttpOutcomeCodec() {}

  /**
   * The payload to store for an outcome.
   *
   * @param outcome the response to store
   * @return the UTF-8 JSON envelope
   */
  static byte[] encode(HttpOutcome outcome) {
    JsonObjectBuilder headers = JsonSupport.BUILDERS.createObjectBuilder();
    outcome
        .headers()
        .forEach(
            (name, values) -> {
              JsonArrayBuilder array = JsonSupport.BUILDERS.createArrayBuilder();
              values.forEach(array::add);
              headers.add(name, array);
            });
    JsonObject envelope =
        JsonSupport.BUILDERS
            .createObjectBuilder()
            .add("v", VERSION)
            .add("kind", KIND)
            .add("status", outcome.status())
            .add("headers", headers)
            .add("body", Base64.getEncoder().encodeToString(outcome.body()))
            .build();
    return JsonSupport.toBytes(envelope);
  }

  /**
   * Reads a stored payload back.
   *
   * @param payload what {@link #encode} wrote
   * @return the outcome
   * @throws UnreadableOutcomeException when the payload is not exactly such an envelope
   */
  static HttpOutcome decode(byte[] payload) {
    JsonObject envelope = readObject(payload);
    if (!envelope.keySet().equals(MEMBERS)) {
      throw new UnreadableOutcomeException(
          "the record has the members " + envelope.keySet() + ", expected " + MEMBERS, null);
    }
    int version = integer(envelope.get("v"), "v");
    if (version != VERSION) {
      throw new UnreadableOutcomeException(
          "the record has version " + version + "; this Fenced reads version " + VERSION, null);
    }
    JsonValue kind = envelope.get("kind");
    if (!(kind instanceof JsonString text) || !text.getString().equals(KIND)) {
      throw new UnreadableOutcomeException("the record is not of kind \"" + KIND + "\"", null);
    }
    int status = integer(envelope.get("status"), "status");
    if (status < 100 || status > 599) {
      throw new UnreadableOutcomeException("the record holds the status " + status, null);
    }
    return new HttpOutcome(status, headers(envelope.get("headers")), body(envelope.get("body")));
  }

  /** Exactly one JSON object, nothing after it. */
  private static JsonObject readObject(byte[] payload) {
    try (JsonParser parser =
        JsonSupport.PARSERS.createParser(
            new ByteArrayInputStream(payload), StandardCharsets.UTF_8)) {
      if (!parser.hasNext() || parser.next() != JsonParser.Event.START_OBJECT) {
        throw new UnreadableOutcomeException("the record is not a JSON object", null);
      }
      JsonObject object = parser.getObject();
      if (parser.hasNext()) {
        throw new UnreadableOutcomeException("the record has text after its JSON object", null);
      }
      return object;
    } catch (JsonException | IllegalStateException | NoSuchElementException e) {
      throw new UnreadableOutcomeException("the record is not a JSON object", e);
    }
  }

  private static int integer(JsonValue value, String member) {
    if (value instanceof JsonNumber number && number.isIntegral()) {
      try {
        return number.intValueExact();
      } catch (ArithmeticException e) {
        throw new UnreadableOutcomeException("\"" + member + "\" is out of range", e);
      }
    }
    throw new UnreadableOutcomeException("\"" + member + "\" is not an integer", null);
  }

  private static Map<String, List<String>> headers(JsonValue value) {
    if (!(value instanceof JsonObject object)) {
      throw new UnreadableOutcomeException("\"headers\" is not an object", null);
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (Map.Entry<String, JsonValue> entry : object.entrySet()) {
      String name = entry.getKey();
      if (!ReplayHeaders.isStorableName(name)) {
        throw new UnreadableOutcomeException(
            "a stored header name is not a lower-case token", null);
      }
      if (!(entry.getValue() instanceof JsonArray array) || array.isEmpty()) {
        throw new UnreadableOutcomeException("a stored header has no list of values", null);
      }
      List<String> values = new ArrayList<>(array.size());
      for (JsonValue item : array) {
        if (!(item instanceof JsonString text)) {
          throw new UnreadableOutcomeException("a stored header value is not a string", null);
        }
        values.add(text.getString());
      }
      headers.put(name, values);
    }
    return headers;
  }

  private static byte[] body(JsonValue value) {
    if (!(value instanceof JsonString text)) {
      throw new UnreadableOutcomeException("\"body\" is not a string", null);
    }
    byte[] body;
    try {
      body = Base64.getDecoder().decode(text.getString());
    } catch (IllegalArgumentException e) {
      throw new UnreadableOutcomeException("\"body\" is not base64", e);
    }
    // the decoder also takes unpadded and non-canonical text, which this encoder never writes
    if (!Base64.getEncoder().encodeToString(body).equals(text.getString())) {
      throw new UnreadableOutcomeException("\"body\" is not canonical padded base64", null);
    }
    return body;
  }

  /** A stored payload that is not an HTTP outcome this version of Fenced can replay faithfully. */
  static final class UnreadableOutcomeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UnreadableOutcomeException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
