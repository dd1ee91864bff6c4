package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EntityBodyTest {

  private InputStream putBack;

  @Test
  void reads_no_more_than_asked_of_an_endless_body_without_a_length() throws IOException {
    EndlessBody chunked = new EndlessBody();

    byte[] head = new EntityBody(chunked, in -> putBack = in, -1).read(17);

    assertThat(head).hasSize(17);
    assertThat(chunked.consumed).isEqualTo(17);
  }

  @Test
  void gives_the_method_a_binary_body_back_byte_for_byte() throws IOException {
    byte[] binary = new byte[100_000];
    new Random(7).nextBytes(binary);

    byte[] read =
        new EntityBody(new ByteArrayInputStream(binary), in -> putBack = in, -1).read(200_001);

    assertThat(read).isEqualTo(binary);
    assertThat(putBack.readAllBytes()).isEqualTo(binary);
  }

  @Test
  void gives_the_method_the_whole_body_when_only_its_head_was_read() throws IOException {
    byte[] binary = new byte[5_000];
    new Random(8).nextBytes(binary);

    new EntityBody(new ByteArrayInputStream(binary), in -> putBack = in, binary.length).read(10);

    assertThat(putBack.readAllBytes()).isEqualTo(binary);
  }

  @Test
  void reads_a_missing_entity_as_empty() throws IOException {
    assertThat(new EntityBody(null, in -> putBack = in, -1).read(10)).isEmpty();
  }

  @Test
  void reports_the_declared_length() {
    assertThat(new EntityBody(null, in -> {}, 42).declaredLength()).isEqualTo(42);
  }

  /** A chunked upload that never ends, counting what was taken from it. */
  private static final class EndlessBody extends InputStream {
    long consumed;

    @Override
    public int read() {
      consumed++;
      return 'x';
    }

    @Override
    public int read(byte[] bytes, int offset, int length) {
      java.util.Arrays.fill(bytes, offset, offset + length, (byte) 'x');
      consumed += length;
      return length;
    }
  }
}
