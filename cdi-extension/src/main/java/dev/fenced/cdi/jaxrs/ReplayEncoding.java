package dev.fenced.cdi.jaxrs;

import dev.fenced.core.config.SizeParser;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fits a stored response to the retry that gets it. Fenced stores a response's content without its
 * {@code gzip} or {@code deflate} coding, and no {@code Content-Encoding} header with it, so a
 * replay is coded the way the retry's own response is ({@link ResponseCaptureInterceptor}). A
 * stored body that still has a coding (one Fenced cannot undo, or a record from a version that
 * stored the coded bytes) is sent as stored to a retry that accepts that coding; decoded for one
 * that does not, when Fenced can; otherwise it cannot be sent.
 */
final class ReplayEncoding {

  /** The stored header name of the body's coding. */
  static final String CONTENT_ENCODING = "content-encoding";

  private ReplayEncoding() {}

  /**
   * The response to send a retry.
   *
   * @param stored the stored response
   * @param accepted what the retry accepts
   * @return the response, the same or decoded; empty when the retry accepts none of it
   */
  static Optional<HttpOutcome> forClient(HttpOutcome stored, AcceptEncoding accepted) {
    ContentCodings coding = ContentCodings.of(stored.headers().get(CONTENT_ENCODING));
    if (coding.isIdentity() || accepted.accepts(coding)) {
      return Optional.of(stored);
    }
    if (!coding.supported()) {
      return Optional.empty();
    }
    byte[] content;
    try {
      content = coding.decode(stored.body(), (int) SizeParser.MAX_BYTES);
    } catch (ContentCodings.CorruptEncodingException e) {
      return Optional.empty();
    }
    if (content.length > SizeParser.MAX_BYTES) {
      return Optional.empty();
    }
    Map<String, List<String>> headers = new HashMap<>(stored.headers());
    headers.remove(CONTENT_ENCODING);
    return Optional.of(new HttpOutcome(stored.status(), headers, content));
  }
}
