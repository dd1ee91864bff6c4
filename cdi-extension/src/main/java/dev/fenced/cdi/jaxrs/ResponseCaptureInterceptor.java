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
 * runs the method again) and a WARNING names the request and the record's digest. For a replay, it
 * sends the stored bytes as they are and skips the inner interceptors and the writer, which already
 * shaped them the first time.
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
    if (replayBody instanceof byte[] bytes && context.getEntity() == bytes) {
      context.getOutputStream().write(bytes);
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
      String limit = SizeParser.format(maxResponseSize);
      LOG.log(
          Level.WARNING,
          "The response of "
              + claimed.target()
              + " (idempotency record "
              + claimed.recordDigest()
              + ") is larger than fenced.idempotency.max-response-size ("
              + limit
              + "): it was sent but not stored, and its key was released, so a repeat runs the"
              + " method again. Raise the limit or return a smaller body to make it replayable.");
      claimed.release("the response is larger than " + limit);
      return;
    }
    claimed.store(
        new HttpOutcome(
            status,
            ReplayHeaders.select(claimed.model().http().replayHeaders(), headers(context)),
            capture.captured()));
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
