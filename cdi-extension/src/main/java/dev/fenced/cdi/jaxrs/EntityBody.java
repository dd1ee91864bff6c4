package dev.fenced.cdi.jaxrs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A request entity read for the fingerprint: at most the bytes asked for are read and held, and the
 * resource method gets the whole stream back (the bytes read, then the rest unread), so a refused
 * oversized body is never buffered whole and an accepted one reaches the method unchanged.
 */
final class EntityBody implements IncomingRequest.Body {

  private final InputStream entity;
  private final Consumer<InputStream> putBack;
  private final long declaredLength;

  /**
   * Wraps a request's entity stream.
   *
   * @param entity the entity stream, or {@code null} when the request has none
   * @param putBack gives the method the stream to read instead
   * @param declaredLength the {@code Content-Length}, or -1 when unknown
   */
  EntityBody(InputStream entity, Consumer<InputStream> putBack, long declaredLength) {
    this.entity = entity;
    this.putBack = Objects.requireNonNull(putBack, "putBack");
    this.declaredLength = declaredLength;
  }

  @Override
  public byte[] read(int maxBytes) throws IOException {
    if (entity == null) {
      return new byte[0];
    }
    byte[] head = entity.readNBytes(maxBytes);
    putBack.accept(new SequenceInputStream(new ByteArrayInputStream(head), entity));
    return head;
  }

  @Override
  public long declaredLength() {
    return declaredLength;
  }
}
