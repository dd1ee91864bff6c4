package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpOutcomeCodecTest {

  @Test
  void writes_the_documented_envelope() {
    HttpOutcome outcome =
        new HttpOutcome(201, Map.of("location", List.of("/orders/7")), bytes("hi"));

    assertThat(new String(HttpOutcomeCodec.encode(outcome), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"v\":1,\"kind\":\"http\",\"status\":201,"
                + "\"headers\":{\"location\":[\"/orders/7\"]},\"body\":\"aGk=\"}");
  }

  @Test
  void reads_back_what_it_wrote() {
    HttpOutcome outcome =
        new HttpOutcome(
            201,
            Map.of(
                "location", List.of("/orders/7"),
                "content-type", List.of("application/json"),
                "x-trace", List.of("b", "a")),
            bytes("{\"receiptId\":\"r-1\",\"note\":\"café ☕\"}"));

    assertThat(HttpOutcomeCodec.decode(HttpOutcomeCodec.encode(outcome))).isEqualTo(outcome);
  }

  @Test
  void keeps_a_binary_body_with_nul_bytes_byte_for_byte() {
    byte[] body = new byte[256 * 4];
    for (int i = 0; i < body.length; i++) {
      body[i] = (byte) i;
    }
    HttpOutcome outcome = new HttpOutcome(200, Map.of(), body);

    assertThat(HttpOutcomeCodec.decode(HttpOutcomeCodec.encode(outcome)).body()).isEqualTo(body);
  }

  @Test
  void keeps_a_large_random_body() {
    byte[] body = new byte[3 * 1024 * 1024 + 1];
    new Random(7).nextBytes(body);

    assertThat(
            HttpOutcomeCodec.decode(HttpOutcomeCodec.encode(new HttpOutcome(200, Map.of(), body)))
                .body())
        .isEqualTo(body);
  }

  @Test
  void keeps_an_empty_body_and_no_headers() {
    HttpOutcome outcome = new HttpOutcome(204, Map.of(), new byte[0]);

    assertThat(HttpOutcomeCodec.decode(HttpOutcomeCodec.encode(outcome))).isEqualTo(outcome);
  }

  @Test
  void keeps_the_order_of_a_header_values() {
    HttpOutcome outcome =
        new HttpOutcome(200, Map.of("link", List.of("<b>", "<a>", "<c>")), new byte[0]);

    assertThat(HttpOutcomeCodec.decode(HttpOutcomeCodec.encode(outcome)).headers().get("link"))
        .containsExactly("<b>", "<a>", "<c>");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "not json",
        "[]",
        "\"text\"",
        "{}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{}}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"\",\"extra\":1}",
        "{\"v\":2,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"\"}",
        "{\"v\":\"1\",\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1.5,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"call\",\"status\":201,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":null,\"status\":201,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":99,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":600,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201.0,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":99999999999,\"headers\":{},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":[],\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{\"Location\":[\"/a\"]},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{\"bad name\":[\"/a\"]},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{\"set-cookie\":[\"a=b\"]},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{\"location\":\"/a\"},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{\"location\":[]},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{\"location\":[1]},\"body\":\"\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"a b\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"aGk\"}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":null}",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"\"} trailing",
        "{\"v\":1,\"kind\":\"http\",\"status\":201,\"headers\":{},\"body\":\"\"",
      })
  void refuses_anything_but_a_well_formed_envelope(String payload) {
    assertThatThrownBy(() -> HttpOutcomeCodec.decode(bytes(payload)))
        .isInstanceOf(HttpOutcomeCodec.UnreadableOutcomeException.class);
  }

  @Test
  void refuses_bytes_that_are_not_utf8() {
    byte[] payload = {(byte) 0xC3, (byte) 0x28, (byte) 0xFF};

    assertThatThrownBy(() -> HttpOutcomeCodec.decode(payload))
        .isInstanceOf(HttpOutcomeCodec.UnreadableOutcomeException.class);
  }

  @Test
  void refuses_an_encrypted_looking_record() {
    assertThatThrownBy(() -> HttpOutcomeCodec.decode(bytes("v1.k1.aXY.Y3Q.dGFn")))
        .isInstanceOf(HttpOutcomeCodec.UnreadableOutcomeException.class);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
