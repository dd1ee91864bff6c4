package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request whose body was read before the endpoint reads it. */
class ReplayedRequestTest {

  private final FakeExchange exchange = FakeExchange.post("application/json", "");

  private ReplayedRequest replayed(String read, String rest) {
    return new ReplayedRequest(
        exchange.request(),
        read.getBytes(StandardCharsets.UTF_8),
        new ByteArrayInputStream(rest.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void its_body_is_what_was_read_then_the_rest() throws IOException {
    assertThat(replayed("{\"query\":", " \"{ a }\"}").getInputStream().readAllBytes())
        .asString(StandardCharsets.UTF_8)
        .isEqualTo("{\"query\": \"{ a }\"}");
  }

  @Test
  void its_body_can_be_read_byte_by_byte() throws IOException {
    ReplayedRequest request = replayed("a", "b");

    assertThat(request.getInputStream().read()).isEqualTo('a');
    assertThat(request.getInputStream().read()).isEqualTo('b');
    assertThat(request.getInputStream().read()).isEqualTo(-1);
  }

  @Test
  void its_body_is_finished_only_once_read_to_the_end() throws IOException {
    ReplayedRequest request = replayed("a", "b");

    request.getInputStream().readNBytes(2);
    assertThat(request.getInputStream().isFinished()).isFalse();

    request.getInputStream().read();
    assertThat(request.getInputStream().isFinished()).isTrue();
  }

  @Test
  void its_reader_decodes_utf_8_when_the_request_has_no_character_encoding() throws IOException {
    assertThat(replayed("caf", "é").getReader().readLine()).isEqualTo("café");
  }

  @Test
  void its_reader_decodes_the_character_encoding_of_the_request() throws IOException {
    exchange.characterEncoding("ISO-8859-1");

    assertThat(replayed("caf", "é").getReader().readLine()).isEqualTo("cafÃ©");
  }

  @Test
  void hands_out_one_input_stream() {
    ReplayedRequest request = replayed("a", "b");

    assertThat(request.getInputStream()).isSameAs(request.getInputStream());
  }

  @Test
  void its_input_stream_is_blocking_only() {
    assertThatThrownBy(() -> replayed("a", "b").getInputStream().setReadListener(null))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
