package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IgnoredFields;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import java.io.StringReader;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Objects;

/**
 * The fingerprint of a non-HTTP call: its target and its arguments, each written with JSON-B under
 * its declared parameter type and counted in canonical form (object members sorted), so a repeat
 * with other arguments under the same key is told apart ({@code IDEMPOTENCY_KEY_REUSED}).
 *
 * <p>A JMS {@code Message} counts as its kind and its body ({@link JmsMessageBody}), never its
 * headers (its redelivery flag changes). Other container objects (any type in a {@code jakarta.*}
 * or {@code javax.*} package, such as an EJB {@code Timer} or CDI {@code EventMetadata}) count only
 * as their declared type's name. The method's {@code ignoredFields} pointers are applied to each
 * argument's JSON (and to a JMS message's JSON body), so a republished event that differs only
 * there is the same call. When an argument cannot be written with JSON-B the call is refused with
 * {@code IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE} before anything is claimed: a fingerprint of the
 * target alone would replay the first call's outcome to a repeat with any arguments.
 *
 * <p>The payload of a programmatic call ({@code IdempotencyOptions.withPayload}) is counted the
 * same way, written under its own class, after the fields its ignored JSON pointers name are
 * dropped. Thread-safe.
 */
public final class ArgumentFingerprints {

  private final Jsonb jsonb;
  private final FingerprintCalculator calculator;

  /**
   * Creates the fingerprints of calls.
   *
   * @param jsonb writes the arguments
   * @param calculator hashes the target and the written arguments
   */
  public ArgumentFingerprints(Jsonb jsonb, FingerprintCalculator calculator) {
    this.jsonb = Objects.requireNonNull(jsonb, "jsonb");
    this.calculator = Objects.requireNonNull(calculator, "calculator");
  }

  /**
   * The fingerprint of one call.
   *
   * @param target the called method, {@code com.example.Shipping.onPaid}
   * @param parameterTypes the method's generic parameter types
   * @param arguments the arguments, one per parameter
   * @return the fingerprint
   * @throws IdempotencyException {@code IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE} when an argument
   *     cannot be written with JSON-B
   */
  public Fingerprint of(String target, Type[] parameterTypes, Object[] arguments) {
    return of(target, parameterTypes, arguments, IgnoredFields.of(List.of()));
  }

  /**
   * The fingerprint of one call, leaving out the fields the method ignores.
   *
   * @param target the called method, {@code com.example.Shipping.onPaid}
   * @param parameterTypes the method's generic parameter types
   * @param arguments the arguments, one per parameter
   * @param ignored the method's {@code ignoredFields}, applied to each argument's JSON
   * @return the fingerprint
   * @throws IdempotencyException {@code IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE} when an argument
   *     cannot be written with JSON-B
   */
  public Fingerprint of(
      String target, Type[] parameterTypes, Object[] arguments, IgnoredFields ignored) {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(ignored, "ignored");
    if (parameterTypes.length != arguments.length) {
      throw new IllegalArgumentException(
          arguments.length + " arguments for " + parameterTypes.length + " parameters");
    }
    JsonArrayBuilder array = Json.createArrayBuilder();
    for (int i = 0; i < arguments.length; i++) {
      try {
        array.add(write(parameterTypes[i], arguments[i], ignored));
      } catch (RuntimeException e) {
        throw new IdempotencyException(
            ErrorCode.IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE,
            "Argument "
                + (i + 1)
                + " of "
                + target
                + " ("
                + parameterTypes[i].getTypeName()
                + ") cannot be written with JSON-B ("
                + e.getClass().getSimpleName()
                + "), so a repeat could not be told from another call; the method was not run."
                + " Give the parameter a type JSON-B writes (a record, a bean with getters)",
            e);
      }
    }
    return calculator.ofCall(target, array.build());
  }

  private JsonValue write(Type type, Object argument, IgnoredFields ignored) {
    if (argument == null) {
      return JsonValue.NULL;
    }
    if (isJmsMessage(type)) {
      return JmsMessageBody.of(argument, value -> write(Object.class, value, ignored), ignored);
    }
    return ignored.apply(write(type, argument));
  }

  /**
   * The fingerprint of a programmatic call with a payload: the target, the result type's name and
   * the payload in canonical form without its ignored fields.
   *
   * @param target the programmatic target
   * @param resultType the type the result is replayed as
   * @param payload what the call is about, never {@code null}
   * @param ignoredFields RFC 6901 pointers of the payload's fields that do not count
   * @return the fingerprint
   * @throws IdempotencyException {@code IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE} when the payload
   *     cannot be written with JSON-B
   * @throws IllegalArgumentException when an ignored field is not a JSON pointer
   */
  public Fingerprint ofPayload(
      String target, Type resultType, Object payload, List<String> ignoredFields) {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(payload, "payload");
    IgnoredFields ignored = IgnoredFields.of(ignoredFields);
    JsonValue written;
    try {
      written = write(payload.getClass(), payload);
    } catch (RuntimeException e) {
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE,
          "The payload of "
              + target
              + " ("
              + payload.getClass().getName()
              + ") cannot be written with JSON-B ("
              + e.getClass().getSimpleName()
              + "), so a repeat could not be told from another call; the work was not run."
              + " Give IdempotencyOptions.withPayload a record or a bean with getters",
          e);
    }
    return calculator.ofCall(
        target,
        Json.createArrayBuilder()
            .add(resultType.getTypeName())
            .add(ignored.apply(written))
            .build());
  }

  private JsonValue write(Type type, Object argument) {
    if (argument == null) {
      return JsonValue.NULL;
    }
    if (isContainerObject(type)) {
      return Json.createValue(type.getTypeName());
    }
    try (JsonReader reader = Json.createReader(new StringReader(jsonb.toJson(argument, type)))) {
      return reader.readValue();
    }
  }

  /**
   * Whether a parameter is a JMS message, told by its type's name: {@link JmsMessageBody} is loaded
   * only then, as it needs the JMS API, which a server without messaging does not have.
   */
  private static boolean isJmsMessage(Type type) {
    String name = type.getTypeName();
    return name.startsWith("jakarta.jms.") && name.endsWith("Message");
  }

  private static boolean isContainerObject(Type type) {
    String name = type.getTypeName();
    return name.startsWith("jakarta.") || name.startsWith("javax.");
  }
}
