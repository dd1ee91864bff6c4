package dev.fenced.cdi.jaxrs;

import dev.fenced.core.idempotency.StoragePolicy;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.File;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Path;
import java.util.Locale;

/** What the response filter does with a claimed request's response. */
enum ResponsePlan {
  /** The storage policy does not store this status (5xx always): release the key. */
  RELEASE,
  /** The body is streamed and cannot be captured faithfully: release the key, with a warning. */
  RELEASE_STREAMING,
  /** No body: store the status and headers now. */
  STORE_NOW,
  /** Store once the writer interceptor captured the body. */
  CAPTURE_BODY;

  /**
   * Plans one response.
   *
   * @param policy the method's storage policy
   * @param status the final status
   * @param entity the response entity, or {@code null}
   * @param mediaType the response media type, or {@code null}
   * @return the plan
   */
  static ResponsePlan of(StoragePolicy policy, int status, Object entity, MediaType mediaType) {
    if (!policy.storesStatus(status)) {
      return RELEASE;
    }
    if (entity == null) {
      return STORE_NOW;
    }
    return isStreamed(entity, mediaType) ? RELEASE_STREAMING : CAPTURE_BODY;
  }

  /**
   * Whether a body is produced while it is sent rather than from a value: {@link StreamingOutput},
   * {@link InputStream}, {@link Reader}, {@link File}, {@link Path}, an activation {@code
   * DataSource}, or any {@code text/event-stream}. Such a body may be unbounded, may depend on when
   * it is read, and its writer may bypass the output stream Fenced sees.
   *
   * @param entity the entity, not {@code null}
   * @param mediaType the response media type, or {@code null}
   * @return whether it is streamed
   */
  static boolean isStreamed(Object entity, MediaType mediaType) {
    if (entity instanceof StreamingOutput
        || entity instanceof InputStream
        || entity instanceof Reader
        || entity instanceof File
        || entity instanceof Path
        || isDataSource(entity.getClass())) {
      return true;
    }
    return mediaType != null
        && "text".equals(mediaType.getType().toLowerCase(Locale.ROOT))
        && "event-stream".equals(mediaType.getSubtype().toLowerCase(Locale.ROOT));
  }

  /** By name, so a server without Jakarta Activation still loads this class. */
  private static boolean isDataSource(Class<?> type) {
    if (type == null) {
      return false;
    }
    if (type.getName().equals("jakarta.activation.DataSource")) {
      return true;
    }
    for (Class<?> i : type.getInterfaces()) {
      if (isDataSource(i)) {
        return true;
      }
    }
    return isDataSource(type.getSuperclass());
  }
}
