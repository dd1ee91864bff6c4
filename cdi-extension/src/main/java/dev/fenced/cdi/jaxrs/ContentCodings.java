package dev.fenced.cdi.jaxrs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * The content codings of one body, in the order they were applied (RFC 9110 {@code
 * Content-Encoding}), without {@code identity}: Fenced decodes {@code gzip} (and its alias {@code
 * x-gzip}) and {@code deflate} (the zlib format; a raw deflate stream, which some clients send, is
 * accepted too), and encodes them. Names compare case-insensitively; {@code x-gzip} is kept as sent
 * so a stored header reads as it was sent.
 */
final class ContentCodings {

  /** What Fenced decodes and encodes, lower case. */
  static final Set<String> SUPPORTED = Set.of("gzip", "x-gzip", "deflate");

  /** No coding: the body is its own content. */
  static final ContentCodings IDENTITY = new ContentCodings(List.of());

  private final List<String> codings;

  private ContentCodings(List<String> codings) {
    this.codings = List.copyOf(codings);
  }

  /**
   * The codings one or more {@code Content-Encoding} header values name, in order.
   *
   * @param headerValues every value of the header, each possibly a comma-separated list; {@code
   *     null} or empty for none
   * @return the codings, {@link #IDENTITY} when none but {@code identity} is named
   */
  static ContentCodings of(List<String> headerValues) {
    if (headerValues == null) {
      return IDENTITY;
    }
    List<String> names = new ArrayList<>();
    for (String value : headerValues) {
      if (value == null) {
        continue;
      }
      for (String part : value.split(",", -1)) {
        String name = part.strip().toLowerCase(Locale.ROOT);
        if (!name.isEmpty() && !name.equals("identity")) {
          names.add(name);
        }
      }
    }
    return names.isEmpty() ? IDENTITY : new ContentCodings(names);
  }

  /**
   * Whether no coding was applied.
   *
   * @return {@code true} for an identity body
   */
  boolean isIdentity() {
    return codings.isEmpty();
  }

  /**
   * Whether Fenced can decode and encode every coding.
   *
   * @return {@code true} when each is {@code gzip}, {@code x-gzip} or {@code deflate}
   */
  boolean supported() {
    return SUPPORTED.containsAll(codings);
  }

  /**
   * The codings, in the order applied, lower case.
   *
   * @return the names, empty for identity
   */
  List<String> names() {
    return codings;
  }

  /**
   * The {@code Content-Encoding} value naming these codings.
   *
   * @return for example {@code gzip}, or {@code deflate, gzip}; empty for identity
   */
  String header() {
    return String.join(", ", codings);
  }

  /**
   * Undoes the codings, last applied first, never holding more than {@code maxBytes + 1} decoded
   * bytes: a result longer than {@code maxBytes} means the content is larger than that (it was not
   * decoded further), so a small compressed body can never inflate without bound.
   *
   * @param encoded the body as sent; empty stays empty
   * @param maxBytes the most content bytes wanted, at least 0
   * @return the content, or its first {@code maxBytes + 1} bytes
   * @throws CorruptEncodingException when the body is not encoded as declared
   * @throws IllegalStateException when a coding is not {@link #supported()}
   */
  byte[] decode(byte[] encoded, int maxBytes) throws CorruptEncodingException {
    if (!supported()) {
      throw new IllegalStateException("cannot decode " + header());
    }
    byte[] bytes = encoded;
    for (int i = codings.size() - 1; i >= 0 && bytes.length > 0; i--) {
      String coding = codings.get(i);
      try (InputStream decoded = decoding(coding, bytes)) {
        bytes = decoded.readNBytes(maxBytes + 1);
        if (bytes.length > maxBytes) {
          return bytes;
        }
      } catch (IOException | RuntimeException e) {
        throw new CorruptEncodingException(coding, e);
      }
    }
    return bytes;
  }

  /**
   * Applies the codings, in order.
   *
   * @param content the content
   * @return the encoded body; empty stays empty
   * @throws IllegalStateException when a coding is not {@link #supported()}
   */
  byte[] encode(byte[] content) {
    if (!supported()) {
      throw new IllegalStateException("cannot encode " + header());
    }
    byte[] bytes = content;
    for (String coding : codings) {
      if (bytes.length == 0) {
        return bytes;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2 + 64);
      try (var encoder =
          coding.equals("deflate") ? new DeflaterOutputStream(out) : new GZIPOutputStream(out)) {
        encoder.write(bytes);
      } catch (IOException e) {
        throw new UncheckedIOException("in-memory streams do not fail", e);
      }
      bytes = out.toByteArray();
    }
    return bytes;
  }

  private static InputStream decoding(String coding, byte[] bytes) throws IOException {
    ByteArrayInputStream in = new ByteArrayInputStream(bytes);
    if (!coding.equals("deflate")) {
      return new GZIPInputStream(in);
    }
    return new StrictInflaterInputStream(in, new Inflater(!isZlibHeader(bytes)));
  }

  /** RFC 1950: method 8 (deflate), a window of at most 32 KiB, and a header checksum. */
  private static boolean isZlibHeader(byte[] bytes) {
    if (bytes.length < 2) {
      return false;
    }
    int cmf = bytes[0] & 0xff;
    int flg = bytes[1] & 0xff;
    return (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ContentCodings that && codings.equals(that.codings);
  }

  @Override
  public int hashCode() {
    return Objects.hash(codings);
  }

  @Override
  public String toString() {
    return isIdentity() ? "identity" : header();
  }

  /** Ends its inflater, and fails on a stream that stops before its end. */
  private static final class StrictInflaterInputStream extends InflaterInputStream {

    private final Inflater inflater;

    StrictInflaterInputStream(InputStream in, Inflater inflater) {
      super(in, inflater);
      this.inflater = inflater;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n < 0 && !inflater.finished()) {
        throw new IOException("the deflate stream ends before its last block");
      }
      return n;
    }

    @Override
    public void close() throws IOException {
      try {
        super.close();
      } finally {
        inflater.end();
      }
    }
  }

  /** The body is not encoded as its {@code Content-Encoding} says. */
  static final class CorruptEncodingException extends Exception {

    private static final long serialVersionUID = 1L;

    CorruptEncodingException(String coding, Throwable cause) {
      super("the body is not valid " + coding + ": " + cause.getMessage(), cause);
    }
  }
}
