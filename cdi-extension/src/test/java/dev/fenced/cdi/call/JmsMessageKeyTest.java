package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The default key of a JMS message. No JMS provider runs in a unit test: the messages are minimal
 * stand-ins answering the getters the key reads; the TCK reads real ones on each server's broker.
 */
class JmsMessageKeyTest {

  @Test
  void a_json_text_body_gives_its_top_level_idempotency_key() {
    assertThat(JmsMessageKey.of(text("{\"idempotencyKey\":\"pay-7\",\"cents\":100}", Map.of())))
        .isEqualTo("pay-7");
    assertThat(JmsMessageKey.of(text("{\"idempotencyKey\":42}", Map.of()))).isEqualTo("42");
  }

  @Test
  void the_body_key_comes_before_the_property() {
    assertThat(
            JmsMessageKey.of(
                text("{\"idempotencyKey\":\"in-body\"}", Map.of("idempotencyKey", "in-property"))))
        .isEqualTo("in-body");
  }

  @Test
  void a_body_without_the_key_falls_back_to_the_property() {
    assertThat(JmsMessageKey.of(text("{\"cents\":100}", Map.of("idempotencyKey", "p-1"))))
        .isEqualTo("p-1");
    assertThat(JmsMessageKey.of(text("not json", Map.of("idempotencyKey", "p-2"))))
        .isEqualTo("p-2");
    assertThat(JmsMessageKey.of(text("[\"idempotencyKey\"]", Map.of("idempotencyKey", "p-3"))))
        .isEqualTo("p-3");
    assertThat(
            JmsMessageKey.of(
                text("{\"idempotencyKey\":{\"nested\":1}}", Map.of("idempotencyKey", "p-4"))))
        .isEqualTo("p-4");
  }

  @Test
  void a_map_message_gives_its_idempotency_key_entry() {
    assertThat(JmsMessageKey.of(map(Map.of("idempotencyKey", "m-1"), Map.of()))).isEqualTo("m-1");
    assertThat(JmsMessageKey.of(map(Map.of("cents", 1), Map.of("idempotencyKey", "p-5"))))
        .isEqualTo("p-5");
  }

  @Test
  void a_message_without_any_key_has_none() {
    assertThat(JmsMessageKey.of(text("{\"cents\":100}", Map.of()))).isNull();
    assertThat(JmsMessageKey.of(text(null, Map.of("otherKey", "x")))).isNull();
    assertThat(JmsMessageKey.of(null)).isNull();
  }

  private static TextMessage text(String body, Map<String, Object> properties) {
    return message(TextMessage.class, Map.of(), properties, body);
  }

  private static MapMessage map(Map<String, Object> entries, Map<String, Object> properties) {
    return message(MapMessage.class, entries, properties, null);
  }

  private static <M extends Message> M message(
      Class<M> type, Map<String, Object> entries, Map<String, Object> properties, String text) {
    return type.cast(
        Proxy.newProxyInstance(
            JmsMessageKeyTest.class.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getText" -> text;
                  case "itemExists" -> entries.containsKey((String) args[0]);
                  case "getObject" -> entries.get((String) args[0]);
                  case "propertyExists" -> properties.containsKey((String) args[0]);
                  case "getObjectProperty" -> properties.get((String) args[0]);
                  default -> throw new UnsupportedOperationException(method.getName());
                }));
  }
}
