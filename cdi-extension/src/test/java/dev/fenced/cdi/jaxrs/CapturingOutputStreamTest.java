package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class CapturingOutputStreamTest {

  private static final long LIMIT = Long.MAX_VALUE;

  private final ByteArrayOutputStream client = new ByteArrayOutputStream();
  private final CapturingOutputStream capture = new CapturingOutputStream(client, LIMIT);

  @Test
  void passes_on_and_keeps_every_byte_value_written_one_by_one() {
    for (int i = 0; i < 256; i++) {
      capture.write(i);
    }
    capture.write(0x1FF); // only the low eight bits count, as for any OutputStream

    byte[] expected = new byte[257];
    for (int i = 0; i < 256; i++) {
      expected[i] = (byte) i;
    }
    expected[256] = (byte) 0xFF;
    assertThat(client.toByteArray()).isEqualTo(expected);
    assertThat(capture.captured()).isEqualTo(expected);
  }

  @Test
  void honours_offset_and_length() {
    byte[] bytes = {1, 2, 3, 4, 5, 0, 0};

    capture.write(bytes, 1, 4);

    assertThat(capture.captured()).containsExactly(2, 3, 4, 5);
    assertThat(client.toByteArray()).containsExactly(2, 3, 4, 5);
  }

  @Test
  void keeps_a_large_body_byte_for_byte() throws IOException {
    byte[] body = new byte[16 * 1024 * 1024 + 3];
    new Random(42).nextBytes(body);

    for (int offset = 0; offset < body.length; offset += 8191) {
      capture.write(body, offset, Math.min(8191, body.length - offset));
    }
    capture.flush();

    assertThat(capture.captured()).isEqualTo(body);
    assertThat(client.toByteArray()).isEqualTo(body);
    assertThat(capture.deliveryFailure()).isEmpty();
  }

  @Test
  void captures_what_an_inner_compressing_stream_wrote_not_the_plain_entity() throws IOException {
    byte[] entity = "{\"receiptId\":\"r-1\"}".repeat(100).getBytes();

    try (GZIPOutputStream gzip = new GZIPOutputStream(capture)) {
      gzip.write(entity);
    }

    assertThat(capture.captured()).isEqualTo(client.toByteArray()).isNotEqualTo(entity);
    assertThat(capture.captured()).startsWith((byte) 0x1F, (byte) 0x8B);
  }

  @Test
  void keeps_capturing_after_the_client_went_away_and_reports_it() {
    IOException gone = new IOException("Broken pipe");
    FailingAfter failing = new FailingAfter(3, gone);
    CapturingOutputStream captureToFailing = new CapturingOutputStream(failing, LIMIT);

    captureToFailing.write(new byte[] {1, 2, 3}, 0, 3);
    captureToFailing.write(new byte[] {4, 5}, 0, 2);
    captureToFailing.write(6);
    captureToFailing.flush();
    captureToFailing.close();

    assertThat(captureToFailing.captured()).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(failing.received.toByteArray()).containsExactly(1, 2, 3);
    assertThat(captureToFailing.deliveryFailure()).containsSame(gone);
    assertThat(failing.calls).isEqualTo(2);
  }

  @Test
  void passes_flush_and_close_on() {
    FailingAfter counting = new FailingAfter(Integer.MAX_VALUE, null);
    CapturingOutputStream wrapped = new CapturingOutputStream(counting, LIMIT);

    wrapped.flush();
    wrapped.close();

    assertThat(counting.flushed).isTrue();
    assertThat(counting.closed).isTrue();
  }

  /** Accepts {@code limit} bytes, then fails every call. */
  private static final class FailingAfter extends OutputStream {
    private final int limit;
    private final IOException failure;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private int calls;
    private boolean flushed;
    private boolean closed;

    FailingAfter(int limit, IOException failure) {
      this.limit = limit;
      this.failure = failure;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      calls++;
      if (received.size() + len > limit) {
        throw failure;
      }
      received.write(b, off, len);
    }

    @Override
    public void flush() {
      flushed = true;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void sends_a_body_over_the_limit_whole_but_keeps_none_of_it() {
    CapturingOutputStream limited = new CapturingOutputStream(client, 10);
    byte[] body = new byte[25];
    new Random(3).nextBytes(body);

    limited.write(body, 0, 8);
    limited.write(body, 8, 8);
    limited.write(body[16]);
    limited.write(body, 17, 8);

    assertThat(limited.exceeded()).isTrue();
    assertThat(client.toByteArray()).isEqualTo(body);
  }

  @Test
  void keeps_a_body_of_exactly_the_limit() {
    CapturingOutputStream limited = new CapturingOutputStream(client, 10);

    limited.write(new byte[10], 0, 10);

    assertThat(limited.exceeded()).isFalse();
    assertThat(limited.captured()).hasSize(10);
  }
}
