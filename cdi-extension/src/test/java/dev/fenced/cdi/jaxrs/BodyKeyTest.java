package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyKeyTest {

  private static byte[] json(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void a_string_field_is_the_key() {
    assertThat(BodyKey.values(json("{\"paymentId\":\"p-1\",\"cents\":10}"), "/paymentId"))
        .containsExactly("p-1");
  }

  @Test
  void a_nested_field_is_reached_by_its_pointer() {
    assertThat(BodyKey.values(json("{\"meta\":{\"requestId\":\"r-7\"}}"), "/meta/requestId"))
        .containsExactly("r-7");
  }

  @Test
  void a_number_field_is_the_key_as_written() {
    assertThat(BodyKey.values(json("{\"orderNumber\":10042}"), "/orderNumber"))
        .containsExactly("10042");
  }

  @Test
  void a_missing_null_or_structured_field_holds_no_key() {
    assertThat(BodyKey.values(json("{\"cents\":10}"), "/paymentId")).isEmpty();
    assertThat(BodyKey.values(json("{\"paymentId\":null}"), "/paymentId")).isEmpty();
    assertThat(BodyKey.values(json("{\"paymentId\":{\"id\":\"p\"}}"), "/paymentId")).isEmpty();
  }

  @Test
  void a_body_that_is_not_json_or_is_empty_holds_no_key() {
    assertThat(BodyKey.values(json("paymentId=p-1"), "/paymentId")).isEmpty();
    assertThat(BodyKey.values(new byte[0], "/paymentId")).isEmpty();
    assertThat(BodyKey.values(json("\"p-1\""), "/paymentId")).isEmpty();
  }
}
