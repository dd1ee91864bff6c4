package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A response whose body is held until the operation has run. */
class BufferedResponseTest {

  private final FakeExchange exchange = FakeExchange.post("application/json", "");
  private final BufferedResponse held = new BufferedResponse(exchange.response());

  @Test
  void holds_what_is_written_to_its_output_stream() throws IOException {
    held.getOutputStream().write("{\"data\":{}}".getBytes(StandardCharsets.UTF_8));

    assertThat(held.body()).asString(StandardCharsets.UTF_8).isEqualTo("{\"data\":{}}");
    assertThat(exchange.sent()).isEmpty();
  }

  @Test
  void holds_what_is_written_to_its_writer_even_unflushed() {
    held.getWriter().write("{\"data\":{}}");

    assertThat(held.body()).asString(StandardCharsets.UTF_8).isEqualTo("{\"data\":{}}");
    assertThat(exchange.sent()).isEmpty();
  }

  @Test
  void holds_what_is_written_to_a_writer_the_endpoint_closed() {
    PrintWriter writer = held.getWriter();
    writer.write("{\"data\":{}}");
    writer.close();

    assertThat(held.body()).asString(StandardCharsets.UTF_8).isEqualTo("{\"data\":{}}");
  }

  @Test
  void its_writer_encodes_in_utf_8_when_the_response_has_no_character_encoding() {
    held.getWriter().write("é");

    assertThat(held.body()).containsExactly(0xC3, 0xA9);
  }

  @Test
  void its_writer_encodes_in_the_character_encoding_of_the_response() {
    exchange.characterEncoding("ISO-8859-1");

    held.getWriter().write("é");

    assertThat(held.body()).containsExactly(0xE9);
  }

  @Test
  void hands_out_one_output_stream_and_one_writer() {
    assertThat(held.getOutputStream()).isSameAs(held.getOutputStream());
    assertThat(held.getWriter()).isSameAs(held.getWriter());
  }

  @Test
  void keeps_the_content_length_of_the_endpoint_from_the_response() {
    held.setContentLength(11);
    held.setContentLengthLong(11L);

    assertThat(exchange.contentLength()).isEqualTo(-1);
  }

  @Test
  void a_flush_sends_nothing_and_commits_nothing() throws IOException {
    held.getWriter().write("{\"data\":{}}");

    held.flushBuffer();

    assertThat(exchange.sent()).isEmpty();
    assertThat(exchange.committed()).isFalse();
  }

  @Test
  void release_sends_what_is_held() throws IOException {
    held.getWriter().write("{\"data\":");

    held.release();

    assertThat(exchange.sentText()).isEqualTo("{\"data\":");
  }

  @Test
  void after_release_writes_and_flushes_go_through() throws IOException {
    held.release();

    held.getWriter().write("{\"data\":{}}");
    held.flushBuffer();

    assertThat(exchange.sentText()).isEqualTo("{\"data\":{}}");
    assertThat(exchange.committed()).isTrue();
  }

  @Test
  void a_second_release_sends_nothing_more() throws IOException {
    held.getOutputStream().write('x');
    held.release();

    held.release();

    assertThat(exchange.sentText()).isEqualTo("x");
  }

  @Test
  void its_output_stream_is_blocking_only() {
    assertThatThrownBy(() -> held.getOutputStream().setWriteListener(null))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
