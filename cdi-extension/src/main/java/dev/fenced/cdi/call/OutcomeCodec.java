package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import java.io.StringReader;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Stores the return value of a non-HTTP call as a small versioned JSON envelope and decodes it for
 * a replay, with JSON-B and the method's generic return type.
 *
 * <p>Envelopes: {@code {"v":1,"kind":"value","value":<JSON-B of the value>,"at":<instant>}}, {@code
 * {"v":1,"kind":"void","at":<instant>}} for a {@code void} method, and {@code
 * {"v":1,"kind":"failure","type":<class>,"message":<message>,"at":<instant>}} for an exception that
 * was the call's outcome ({@link FailureOutcomes}), decoded as a {@link StoredFailure}. {@code at}
 * is when the outcome was encoded (the call ended), by this codec's clock ({@code
 * Clock.systemUTC()} in the server), as ISO-8601 in UTC to the millisecond: a replay reports it as
 * {@code IdempotentResult.storedAt}. Envelopes written before it was added have none, and older
 * readers ignore it, so the version stays 1. Before a value is stored it must survive a round trip:
 * it is encoded, decoded with the return type and encoded again, and both JSON documents must be
 * equal (object members in any order). A value that does not, such as a property JSON-B writes but
 * cannot set, or a subclass whose extra fields the declared type cannot hold, is refused with
 * {@code IDEMPOTENCY_OUTCOME_NOT_STORABLE} naming the type, never stored with fields missing. With
 * the result type {@code Object} the decoded value must also be of the value's own class. State
 * JSON-B never writes (a private field without a getter, {@code @JsonbTransient}) is not seen by
 * the check. Thread-safe.
 */
public final class OutcomeCodec {

  /** The envelope version this codec writes and reads. */
  public static final int VERSION = 1;

  private final Jsonb jsonb;
  private final Clock clock;

  /**
   * A decoded envelope.
   *
   * @param value the value; {@code null} for a {@code void} outcome; a {@link StoredFailure} for an
   *     exception that was the outcome
   * @param producedAt when the outcome was encoded, when the envelope says
   */
  public record Decoded(Object value, Optional<Instant> producedAt) {}

  /**
   * Creates a codec that notes the time of outcomes by the system clock, in UTC.
   *
   * @param jsonb the JSON-B instance that writes and reads values
   */
  public OutcomeCodec(Jsonb jsonb) {
    this(jsonb, Clock.systemUTC());
  }

  /**
   * Creates a codec.
   *
   * @param jsonb the JSON-B instance that writes and reads values
   * @param clock tells when an outcome is encoded
   */
  public OutcomeCodec(Jsonb jsonb, Clock clock) {
    this.jsonb = Objects.requireNonNull(jsonb, "jsonb");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Encodes the outcome of a call after checking that it replays faithfully.
   *
   * @param value what the method returned; ignored for {@code void}
   * @param type the generic return type; {@code void.class} or {@code Void.class} for no value
   * @return the envelope, UTF-8
   * @throws IdempotencyException with {@code IDEMPOTENCY_OUTCOME_NOT_STORABLE} when the value
   *     cannot be stored faithfully
   */
  public byte[] encode(Object value, Type type) {
    Objects.requireNonNull(type, "type");
    if (isVoid(type)) {
      return utf8("{\"v\":1,\"kind\":\"void\",\"at\":\"" + now() + "\"}");
    }
    return utf8(
        "{\"v\":1,\"kind\":\"value\",\"value\":"
            + faithfulJson(value, type)
            + ",\"at\":\""
            + now()
            + "\"}");
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * Encodes an exception that is a call's outcome.
   *
   * @param thrown what the call threw
   * @return the envelope, UTF-8
   */
  public byte[] encodeFailure(Throwable thrown) {
    StoredFailure failure = StoredFailure.of(thrown);
    var envelope =
        Json.createObjectBuilder()
            .add("v", VERSION)
            .add("kind", "failure")
            .add("type", failure.type());
    if (failure.message() != null) {
      envelope.add("message", failure.message());
    }
    envelope.add("at", now().toString());
    return utf8(envelope.build().toString());
  }

  /**
   * Decodes a stored envelope.
   *
   * @param payload the stored bytes
   * @param type the generic return type to decode the value into
   * @return the value; {@code null} for a {@code void} outcome; a {@link StoredFailure} for an
   *     exception that was the outcome
   * @throws IdempotencyException with {@code IDEMPOTENCY_RECORD_UNREADABLE} when the payload is not
   *     an envelope this codec wrote, or its value does not decode into {@code type}
   */
  public Object decode(byte[] payload, Type type) {
    return decodeOutcome(payload, type).value();
  }

  /**
   * Decodes a stored envelope with the time it notes.
   *
   * @param payload the stored bytes
   * @param type the generic return type to decode the value into
   * @return the value (as {@link #decode} returns it) and when it was encoded, empty for an
   *     envelope that does not say (written before the time was noted) or says it unreadably
   * @throws IdempotencyException with {@code IDEMPOTENCY_RECORD_UNREADABLE} when the payload is not
   *     an envelope this codec wrote, or its value does not decode into {@code type}
   */
  public Decoded decodeOutcome(byte[] payload, Type type) {
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(type, "type");
    JsonObject envelope = envelope(payload);
    return new Decoded(value(envelope, type), producedAt(envelope));
  }

  private static Optional<Instant> producedAt(JsonObject envelope) {
    if (!(envelope.get("at") instanceof JsonString at)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(at.getString()));
    } catch (DateTimeParseException e) {
      return Optional.empty(); // the time is for the caller's information, never a reason to fail
    }
  }

  private Object value(JsonObject envelope, Type type) {
    String kind = envelope.get("kind") instanceof JsonString s ? s.getString() : "";
    if (kind.equals("void")) {
      return isVoid(type) ? null : empty(type);
    }
    if (kind.equals("failure")) {
      return failure(envelope);
    }
    JsonValue value = envelope.get("value");
    if (!kind.equals("value") || value == null) {
      throw unreadable("the stored outcome has no value", null);
    }
    if (isVoid(type)) {
      return null;
    }
    try {
      return value.getValueType() == JsonValue.ValueType.NULL
          ? empty(type)
          : emptyIfNull(jsonb.fromJson(value.toString(), type), type);
    } catch (RuntimeException e) {
      throw unreadable("the stored value does not decode into " + type.getTypeName(), e);
    }
  }

  private static StoredFailure failure(JsonObject envelope) {
    if (!(envelope.get("type") instanceof JsonString type)) {
      throw unreadable("the stored failure has no type", null);
    }
    return new StoredFailure(
        type.getString(),
        envelope.get("message") instanceof JsonString message ? message.getString() : null);
  }

  private String faithfulJson(Object value, Type type) {
    if (value == null) {
      return "null";
    }
    String json;
    Object decoded;
    String again;
    String byRuntimeType;
    try {
      json = write(value, type);
      decoded = emptyIfNull(jsonb.fromJson(json, type), type);
      again = decoded == null ? "null" : write(decoded, type);
      byRuntimeType = value.getClass() == raw(type) ? json : jsonb.toJson(value);
    } catch (RuntimeException e) {
      throw notStorable(value, type, "JSON-B cannot write or read it back: " + e.getMessage(), e);
    }
    if (!parse(json).equals(parse(byRuntimeType))) {
      throw notStorable(
          value,
          type,
          "written as the return type it loses what its own class has (a subclass with more"
              + " fields?)",
          null);
    }
    if (!parse(json).equals(parse(again))) {
      throw notStorable(
          value,
          type,
          "decoded with the return type and written again it gives other JSON, so a replay would"
              + " differ from the first run (a property that can be read but not set, or a"
              + " subclass with fields the return type does not have?)",
          null);
    }
    if (raw(type) == Object.class && (decoded == null || decoded.getClass() != value.getClass())) {
      throw notStorable(
          value,
          type,
          "it would replay as "
              + (decoded == null ? "null" : decoded.getClass().getName())
              + "; give the result type (IdempotencyOptions.withResultType)",
          null);
    }
    return json;
  }

  /** JSON-B writes any value as {@code {}} under the declared type {@code Object}. */
  private String write(Object value, Type type) {
    return raw(type) == Object.class ? jsonb.toJson(value) : jsonb.toJson(value, type);
  }

  private static JsonValue parse(String json) {
    try (JsonReader reader = Json.createReader(new StringReader(json))) {
      return reader.readValue();
    }
  }

  private static JsonObject envelope(byte[] payload) {
    JsonValue parsed;
    try {
      parsed = parse(new String(payload, StandardCharsets.UTF_8));
    } catch (JsonException e) {
      throw unreadable("the stored outcome is not JSON", e);
    }
    if (!(parsed instanceof JsonObject envelope)
        || !(envelope.get("v") instanceof JsonNumber version)
        || !version.isIntegral()
        || version.intValue() != VERSION) {
      throw unreadable("the stored outcome is not a version " + VERSION + " envelope", null);
    }
    return envelope;
  }

  /** JSON-B reads {@code null} as {@code null}; an {@code Optional} return type wants empty. */
  private static Object emptyIfNull(Object decoded, Type type) {
    return decoded == null ? empty(type) : decoded;
  }

  private static Object empty(Type type) {
    Class<?> raw = raw(type);
    if (raw == Optional.class) {
      return Optional.empty();
    }
    if (raw == OptionalInt.class) {
      return OptionalInt.empty();
    }
    if (raw == OptionalLong.class) {
      return OptionalLong.empty();
    }
    if (raw == OptionalDouble.class) {
      return OptionalDouble.empty();
    }
    return null;
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    return Object.class;
  }

  private static boolean isVoid(Type type) {
    return type == void.class || type == Void.class;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static IdempotencyException notStorable(
      Object value, Type type, String why, Throwable cause) {
    return new IdempotencyException(
        ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE,
        "The result ("
            + value.getClass().getName()
            + ", return type "
            + type.getTypeName()
            + ") cannot be stored faithfully: "
            + why
            + ". The key was released; return a record or a class JSON-B can write and read back"
            + " unchanged",
        cause);
  }

  private static IdempotencyException unreadable(String why, Throwable cause) {
    return new IdempotencyException(
        ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE,
        "The stored idempotency record cannot be read ("
            + why
            + "), so the call did not run; was the return type changed since it was stored?",
        cause);
  }
}
