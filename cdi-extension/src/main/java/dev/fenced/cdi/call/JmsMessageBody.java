package dev.fenced.cdi.call;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Base64;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What a JMS message counts as in a call's fingerprint: its kind and its body, never its headers or
 * properties (the redelivery flag and count change on every delivery). A text body that parses as
 * JSON counts as that JSON, so {@code ignoredFields} pointers reach into it; another text as the
 * string; bytes as Base64; a map message's entries by name; an object message's object as JSON-B
 * writes it. A stream message's body cannot be read without consuming it, so it counts as its kind
 * only. Loaded (and verified, which needs the JMS API) only when a call has a JMS message
 * parameter: nothing else may call into it, so a server without JMS never loads it.
 */
final class JmsMessageBody {

  private JmsMessageBody() {}

  /**
   * The JSON a message counts as.
   *
   * @param message a {@code jakarta.jms.Message}
   * @param objects writes an object message's object (and a map message's values), leaving the
   *     ignored fields out
   * @param ignored the method's {@code ignoredFields}, applied to a JSON text body
   * @return {@code {"kind":..,"body":..}}
   * @throws IllegalStateException when the provider cannot give the body
   */
  static JsonValue of(
      Object message, Function<Object, JsonValue> objects, UnaryOperator<JsonValue> ignored) {
    JsonObjectBuilder json = Json.createObjectBuilder();
    try {
      if (message instanceof TextMessage text) {
        json.add("kind", "text").add("body", ignored.apply(text(text.getText())));
      } else if (message instanceof BytesMessage bytes) {
        byte[] body = bytes.getBody(byte[].class);
        bytes.reset(); // back to the first byte for the method that reads it
        json.add("kind", "bytes")
            .add("body", body == null ? "" : Base64.getEncoder().encodeToString(body));
      } else if (message instanceof MapMessage map) {
        json.add("kind", "map").add("body", ignored.apply(entries(map, objects)));
      } else if (message instanceof ObjectMessage object) {
        json.add("kind", "object").add("body", objects.apply(object.getObject()));
      } else if (message instanceof StreamMessage) {
        json.add("kind", "stream");
      } else {
        json.add("kind", "message");
      }
    } catch (JMSException e) {
      throw new IllegalStateException("the JMS provider could not give the message's body", e);
    }
    return json.build();
  }

  private static JsonValue text(String text) {
    if (text == null) {
      return JsonValue.NULL;
    }
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      return reader.readValue();
    } catch (JsonException e) {
      return Json.createValue(text);
    }
  }

  private static JsonValue entries(MapMessage map, Function<Object, JsonValue> objects)
      throws JMSException {
    Map<String, Object> sorted = new TreeMap<>();
    for (Object name : Collections.list(map.getMapNames())) {
      sorted.put(name.toString(), map.getObject(name.toString()));
    }
    JsonObjectBuilder json = Json.createObjectBuilder();
    sorted.forEach((name, value) -> json.add(name, objects.apply(value)));
    return json.build();
  }
}
