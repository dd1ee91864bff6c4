package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class ContentCodingsTest {

  private static final byte[] CONTENT =
      "{\"amount\":12.5,\"currency\":\"EUR\"}".getBytes(StandardCharsets.UTF_8);

  @Test
  void reads_the_codings_of_every_header_line_in_order_without_identity() {
    ContentCodings codings = ContentCodings.of(List.of("Deflate, identity", " GZIP "));

    assertThat(codings.names()).containsExactly("deflate", "gzip");
    assertThat(codings.header()).isEqualTo("deflate, gzip");
    assertThat(ContentCodings.of(List.of("identity")).isIdentity()).isTrue();
    assertThat(ContentCodings.of(null).isIdentity()).isTrue();
  }

  @Test
  void supports_gzip_x_gzip_and_deflate_only() {
    assertThat(ContentCodings.of(List.of("gzip, x-gzip, deflate")).supported()).isTrue();
    assertThat(ContentCodings.of(List.of("gzip, br")).supported()).isFalse();
  }

  @Test
  void two_gzip_encodings_of_one_content_decode_to_the_same_bytes() throws Exception {
    byte[] fast = gzip(CONTENT, Deflater.BEST_SPEED, 1);
    byte[] small = gzip(CONTENT, Deflater.BEST_COMPRESSION, 9);
    ContentCodings gzip = ContentCodings.of(List.of("gzip"));

    assertThat(fast).isNotEqualTo(small);
    assertThat(gzip.decode(fast, 1000)).isEqualTo(CONTENT);
    assertThat(gzip.decode(small, 1000)).isEqualTo(CONTENT);
  }

  @Test
  void decodes_deflate_in_the_zlib_format_and_raw() throws Exception {
    ContentCodings deflate = ContentCodings.of(List.of("deflate"));

    assertThat(deflate.decode(zlib(CONTENT, false), 1000)).isEqualTo(CONTENT);
    assertThat(deflate.decode(zlib(CONTENT, true), 1000)).isEqualTo(CONTENT);
  }

  @Test
  void undoes_several_codings_last_applied_first() throws Exception {
    byte[] twice = gzip(zlib(CONTENT, false), Deflater.DEFAULT_COMPRESSION, 0);

    assertThat(ContentCodings.of(List.of("deflate", "gzip")).decode(twice, 1000))
        .isEqualTo(CONTENT);
  }

  @Test
  void stops_inflating_one_byte_past_the_limit() throws Exception {
    byte[] bomb = gzip(new byte[10 << 20], Deflater.BEST_COMPRESSION, 0);

    byte[] decoded = ContentCodings.of(List.of("gzip")).decode(bomb, 1024);

    assertThat(bomb.length).isLessThan(32 << 10);
    assertThat(decoded).hasSize(1025);
  }

  @Test
  void a_truncated_or_garbled_gzip_body_is_corrupt() throws Exception {
    byte[] gzip = gzip(CONTENT, Deflater.DEFAULT_COMPRESSION, 0);
    byte[] truncated = Arrays.copyOf(gzip, gzip.length - 6);
    byte[] garbled = gzip.clone();
    Arrays.fill(garbled, 10, garbled.length, (byte) 0xff);
    ContentCodings codings = ContentCodings.of(List.of("gzip"));

    assertThatThrownBy(() -> codings.decode(truncated, 1000))
        .isInstanceOf(ContentCodings.CorruptEncodingException.class);
    assertThatThrownBy(() -> codings.decode(garbled, 1000))
        .isInstanceOf(ContentCodings.CorruptEncodingException.class);
    assertThatThrownBy(() -> codings.decode(CONTENT, 1000))
        .isInstanceOf(ContentCodings.CorruptEncodingException.class);
  }

  @Test
  void a_truncated_deflate_body_is_corrupt() throws Exception {
    byte[] zlib = zlib(new byte[5000], false);
    byte[] truncated = Arrays.copyOf(zlib, zlib.length / 2);

    assertThatThrownBy(() -> ContentCodings.of(List.of("deflate")).decode(truncated, 10_000))
        .isInstanceOf(ContentCodings.CorruptEncodingException.class);
  }

  @Test
  void an_empty_body_stays_empty() throws Exception {
    ContentCodings gzip = ContentCodings.of(List.of("gzip"));

    assertThat(gzip.decode(new byte[0], 10)).isEmpty();
    assertThat(gzip.encode(new byte[0])).isEmpty();
  }

  @Test
  void encodes_what_it_decodes() throws Exception {
    ContentCodings codings = ContentCodings.of(List.of("deflate, x-gzip"));

    assertThat(codings.decode(codings.encode(CONTENT), 1000)).isEqualTo(CONTENT);
  }

  @Test
  void refuses_to_decode_a_coding_it_does_not_support() {
    assertThatThrownBy(() -> ContentCodings.of(List.of("br")).decode(CONTENT, 1000))
        .isInstanceOf(IllegalStateException.class);
  }

  static byte[] gzip(byte[] content, int level, int mtime) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip =
        new GZIPOutputStream(out) {
          {
            def.setLevel(level);
          }
        }) {
      gzip.write(content);
    }
    byte[] bytes = out.toByteArray();
    bytes[4] = (byte) mtime;
    return bytes;
  }

  static byte[] zlib(byte[] content, boolean raw) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, raw);
    try (DeflaterOutputStream deflate = new DeflaterOutputStream(out, deflater)) {
      deflate.write(content);
    } finally {
      deflater.end();
    }
    return out.toByteArray();
  }
}
