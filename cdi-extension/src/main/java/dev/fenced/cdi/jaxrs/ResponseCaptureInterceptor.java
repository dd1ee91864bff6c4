package dev.fenced.cdi.jaxrs;

import dev.fenced.core.config.SizeParser;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.RuntimeDelegate;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bound to one guarded resource method, with the smallest priority of its writer interceptors, so
 * it is the outermost: the stream it wraps is the one towards the client, and what it captures is
 * what every inner interceptor (GZIP and the like) and the message body writer produced.
 *
 * <p>For a claimed request whose body the response filter awaits, it captures the bytes while they
 * are sent, then stores status, allowlisted headers and bytes; if writing fails it releases the
 * key. A body larger than {@code fenced.idempotency.max-response-size} still reaches the client
 * whole, but only that many bytes are ever held: it is not stored, the key is released (a repeat
 * runs the method again) and a WARNING names the request and the record's digest.
 *
 * <p>What is stored is the content without its {@code gzip} or {@code deflate} coding (decoded,
 * never past the same limit), and without its {@code Content-Encoding}: the coding depends on what
 * each request accepts, not on the outcome. A body in a coding Fenced cannot undo is stored as
 * sent, with its {@code Content-Encoding} ({@link ReplayEncoding}).
 *
 * <p>For a replay, it sends the stored bytes and skips the inner interceptors and the writer, which
 * already shaped them the first time; the coding this request's response asks for (a {@code
 * Content-Encoding} a response filter set after negotiating {@code Accept-Encoding}, the way a
 * {@code GZIP} interceptor works) is applied here when it is {@code gzip} or {@code deflate}, and
 * dropped otherwise, so the header always describes the bytes sent.
 */
final class ResponseCaptureInterceptor implements WriterInterceptor {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final long maxResponseSize;

  /**
   * Creates the interceptor of one method.
   *
   * @param maxResponseSize the largest body stored, in bytes
   */
  ResponseCaptureInterceptor(long maxResponseSize) {
    this.maxResponseSize = maxResponseSize;
  }

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    Object replayBody = context.getProperty(IdempotencyRequestFilter.REPLAY_BODY);
    if (replayBody instanceof ReplayedBody replayed && context.getEntity() == replayed.bytes()) {
      context.getOutputStream().write(coded(context.getHeaders(), replayed));
      return;
    }
    if (!(context.getProperty(ClaimedRequest.PROPERTY) instanceof ClaimedRequest claimed)
        || claimed.awaitedStatus() == 0) {
      context.proceed();
      return;
    }
    int status = claimed.awaitedStatus();
    OutputStream client = context.getOutputStream();
    CapturingOutputStream capture = new CapturingOutputStream(client, maxResponseSize);
    context.setOutputStream(capture);
    try {
      context.proceed();
    } catch (IOException | RuntimeException | Error e) {
      claimed.release("writing the response failed: " + e);
      throw e;
    } finally {
      context.setOutputStream(client);
    }
    try {
      record(context, claimed, status, capture);
    } catch (RuntimeException | Error e) {
      claimed.abandon();
      throw e;
    }
    if (capture.deliveryFailure().isPresent()) {
      throw capture.deliveryFailure().get();
    }
  }

  private void record(
      WriterInterceptorContext context,
      ClaimedRequest claimed,
      int status,
      CapturingOutputStream capture) {
    if (capture.exceeded()) {
      tooLarge(claimed);
      return;
    }
    Map<String, List<String>> headers =
        new LinkedHashMap<>(
            ReplayHeaders.select(claimed.model().http().replayHeaders(), headers(context)));
    byte[] body = capture.captured();
    ContentCodings coding = ContentCodings.of(headers.get(ReplayEncoding.CONTENT_ENCODING));
    if (!coding.isIdentity() && coding.supported()) {
      try {
        body = coding.decode(body, (int) maxResponseSize);
        headers.remove(ReplayEncoding.CONTENT_ENCODING);
      } catch (ContentCodings.CorruptEncodingException e) {
        LOG.log(
            Level.WARNING,
            "The response of "
                + claimed.target()
                + " is not valid "
                + coding
                + " ("
                + e.getMessage()
                + "); it is stored as sent and replayed only to retries that accept "
                + coding);
      }
      if (body.length > maxResponseSize) {
        tooLarge(claimed);
        return;
      }
    }
    claimed.store(new HttpOutcome(status, headers, body));
  }

  /**
   * The replayed bytes as this response sends them: in their stored coding, else in the coding a
   * response filter asked for, when Fenced can apply it.
   */
  private static byte[] coded(MultivaluedMap<String, Object> headers, ReplayedBody replayed) {
    if (!replayed.coding().isIdentity()) {
      headers.putSingle(HttpHeaders.CONTENT_ENCODING, replayed.coding().header());
      return replayed.bytes();
    }
    List<String> asked = new ArrayList<>();
    headers.forEach(
        (name, values) -> {
          if (HttpHeaders.CONTENT_ENCODING.equalsIgnoreCase(name)) {
            values.forEach(value -> asked.add(asString(value)));
          }
        });
    ContentCodings coding = ContentCodings.of(asked);
    if (asked.isEmpty()) {
      return replayed.bytes();
    }
    headers.keySet().removeIf(HttpHeaders.CONTENT_ENCODING::equalsIgnoreCase);
    headers.keySet().removeIf(HttpHeaders.CONTENT_LENGTH::equalsIgnoreCase);
    if (coding.isIdentity() || !coding.supported()) {
      return replayed.bytes();
    }
    headers.putSingle(HttpHeaders.CONTENT_ENCODING, coding.header());
    return coding.encode(replayed.bytes());
  }

  private void tooLarge(ClaimedRequest claimed) {
    String limit = SizeParser.format(maxResponseSize);
    LOG.log(
        Level.WARNING,
        "The response of "
            + claimed.target()
            + " (idempotency record "
            + claimed.recordDigest()
            + ") is larger than fenced.idempotency.max-response-size ("
            + limit
            + ", decoded when it has a Content-Encoding): it was sent but not stored, and its key"
            + " was released, so a repeat runs the method again. Raise the limit or return a"
            + " smaller body to make it replayable.");
    claimed.release("the response is larger than " + limit);
  }

  /** The final response headers as strings, the way the container writes them. */
  private static Map<String, List<String>> headers(WriterInterceptorContext context) {
    MultivaluedMap<String, Object> headers = context.getHeaders();
    Map<String, List<String>> strings = new LinkedHashMap<>();
    headers.forEach(
        (name, values) -> {
          List<String> texts = new ArrayList<>(values.size());
          values.forEach(value -> texts.add(asString(value)));
          strings.put(name, texts);
        });
    MediaType mediaType = context.getMediaType();
    if (mediaType != null
        && strings.keySet().stream().noneMatch(HttpHeaders.CONTENT_TYPE::equalsIgnoreCase)) {
      strings.put(HttpHeaders.CONTENT_TYPE, List.of(asString(mediaType)));
    }
    return strings;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String asString(Object value) {
    if (value instanceof String text) {
      return text;
    }
    try {
      RuntimeDelegate.HeaderDelegate delegate =
          RuntimeDelegate.getInstance().createHeaderDelegate(value.getClass());
      if (delegate != null) {
        return delegate.toString(value);
      }
    } catch (RuntimeException e) {
      // no delegate for this type: its toString is what the container writes too
    }
    return String.valueOf(value);
  }
}
