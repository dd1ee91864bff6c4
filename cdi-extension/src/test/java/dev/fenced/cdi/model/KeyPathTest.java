package dev.fenced.cdi.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import jakarta.jms.Message;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyPathTest {

  record Event(String eventId, Meta meta) {}

  record Meta(String messageId) {}

  public static class Bean {
    public final String field = "f";

    public String getName() {
      return "n";
    }

    public boolean isUrgent() {
      return true;
    }
  }

  @Test
  void an_empty_path_reads_the_parameter_itself() {
    assertThat(KeyPath.compile(String.class, "").read("k-1")).isEqualTo("k-1");
  }

  @Test
  void reads_a_record_component() {
    assertThat(KeyPath.compile(Event.class, "eventId").read(new Event("e-1", null)))
        .isEqualTo("e-1");
  }

  @Test
  void reads_a_nested_property() {
    assertThat(KeyPath.compile(Event.class, "meta.messageId").read(new Event("e", new Meta("m-1"))))
        .isEqualTo("m-1");
  }

  @Test
  void reads_getters_and_public_fields() {
    assertThat(KeyPath.compile(Bean.class, "name").read(new Bean())).isEqualTo("n");
    assertThat(KeyPath.compile(Bean.class, "urgent").read(new Bean())).isEqualTo(true);
    assertThat(KeyPath.compile(Bean.class, "field").read(new Bean())).isEqualTo("f");
  }

  @Test
  void a_null_on_the_way_reads_as_null() {
    assertThat(KeyPath.compile(Event.class, "meta.messageId").read(new Event("e", null))).isNull();
  }

  @Test
  void a_missing_property_is_refused_naming_it() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> KeyPath.compile(Event.class, "meta.traceId"))
        .withMessageContaining("traceId")
        .withMessageContaining(Meta.class.getName());
  }

  @Test
  void a_malformed_path_is_refused() {
    assertThatIllegalArgumentException().isThrownBy(() -> KeyPath.compile(Event.class, "meta..x"));
  }

  @Test
  void reads_a_jms_message_header_through_its_getter() {
    Message message = message(Map.of("getJMSMessageID", "ID:1"));

    assertThat(KeyPath.compile(Message.class, "JMSMessageID").read(message)).isEqualTo("ID:1");
  }

  @Test
  void reads_a_jms_message_property_by_name() {
    Message message = message(Map.of("getObjectProperty:orderId", "o-1"));

    assertThat(KeyPath.compile(Message.class, "orderId").read(message)).isEqualTo("o-1");
  }

  @Test
  void a_missing_jms_message_property_reads_as_null() {
    assertThat(KeyPath.compile(Message.class, "orderId").read(message(Map.of()))).isNull();
  }

  /** A message answering getters and {@code getObjectProperty} from {@code values}. */
  private static Message message(Map<String, Object> values) {
    return (Message)
        Proxy.newProxyInstance(
            Message.class.getClassLoader(),
            new Class<?>[] {Message.class},
            (proxy, method, args) ->
                values.get(args == null ? method.getName() : method.getName() + ":" + args[0]));
  }
}
