package dev.fenced.cdi.call;

import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;

/**
 * The default key of a JMS message, for a listener's {@code onMessage} without an {@code
 * IdempotencyKey} parameter: the top-level {@value #NAME} member of a text body that is a JSON
 * object (a string, or a number as written), or the {@value #NAME} entry of a map message; else the
 * message property {@value #NAME}. JMS property names must be Java identifiers, so the HTTP header
 * name {@code Idempotency-Key} cannot be one. Loaded (and verified, which needs the JMS API) only
 * for such a listener, whose parameter is a JMS message: a server without JMS never loads it.
 */
final class JmsMessageKey {

  /** The body member, map entry and message property holding the key. */
  static final String NAME = "idempotencyKey";

  private JmsMessageKey() {}

  /**
   * The default key of a message.
   *
   * @param message a {@code jakarta.jms.Message}, or {@code null}
   * @return the key as text, or {@code null} when the message holds none
   * @throws IllegalStateException when the provider cannot give the body or the property
   */
  static String of(Object message) {
    if (!(message instanceof Message jms)) {
      return null;
    }
    try {
      String inBody = inBody(jms);
      if (inBody != null) {
        return inBody;
      }
      if (jms.propertyExists(NAME)) {
        Object property = jms.getObjectProperty(NAME);
        return property == null ? null : property.toString();
      }
      return null;
    } catch (JMSException e) {
      throw new IllegalStateException(
          "the JMS provider could not give the message's " + NAME + " key", e);
    }
  }

  private static String inBody(Message message) throws JMSException {
    if (message instanceof TextMessage text) {
      return inJson(text.getText());
    }
    if (message instanceof MapMessage map && map.itemExists(NAME)) {
      Object entry = map.getObject(NAME);
      return entry == null ? null : entry.toString();
    }
    return null;
  }

  private static String inJson(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      JsonValue document = reader.readValue();
      if (!(document instanceof JsonObject object)) {
        return null;
      }
      JsonValue value = object.get(NAME);
      if (value instanceof JsonString string) {
        return string.getString();
      }
      if (value instanceof JsonNumber number) {
        return number.toString();
      }
      return null;
    } catch (JsonException | IllegalStateException e) {
      return null; // a text that is no JSON holds no key in its body
    }
  }
}
