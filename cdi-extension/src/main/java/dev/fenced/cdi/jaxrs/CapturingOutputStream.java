package dev.fenced.cdi.jaxrs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Optional;

/**
 * Passes every byte on to the client's stream and keeps a copy: the body exactly as the client
 * receives it, up to a limit. Past the limit the copy is dropped and no longer kept ({@link
 * #exceeded()}), while every byte still goes to the client: memory stays bounded by the limit.
 *
 * <p>When the client's stream fails (the client went away), the failure is remembered and later
 * bytes are only copied: the writer still produces the whole response, so the caller can store it
 * (the method ran; a retry must get its outcome, not run it again) and then rethrow {@link
 * #deliveryFailure()}. Not thread-safe, like the streams it wraps.
 */
final class CapturingOutputStream extends OutputStream {

  private final OutputStream client;
  private final long limit;
  private ByteArrayOutputStream copy = new ByteArrayOutputStream();

  private IOException deliveryFailure;

  /**
   * Wraps the stream towards the client.
   *
   * @param client the stream the body goes to
   * @param limit the most bytes kept, at least 0
   */
  CapturingOutputStream(OutputStream client, long limit) {
    this.client = Objects.requireNonNull(client, "client");
    if (limit < 0) {
      throw new IllegalArgumentException("limit " + limit);
    }
    this.limit = limit;
  }

  @Override
  public void write(int b) {
    keep(new byte[] {(byte) b}, 0, 1);
    deliver(() -> client.write(b));
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    keep(bytes, offset, length);
    deliver(() -> client.write(bytes, offset, length));
  }

  @Override
  public void flush() {
    deliver(client::flush);
  }

  @Override
  public void close() {
    deliver(client::close);
  }

  /**
   * Every byte written so far.
   *
   * @return a copy
   * @throws IllegalStateException when more than the limit was written, so nothing was kept
   */
  byte[] captured() {
    if (copy == null) {
      throw new IllegalStateException("the body exceeded " + limit + " bytes and was not kept");
    }
    return copy.toByteArray();
  }

  /**
   * Whether more than the limit was written, so the copy was dropped.
   *
   * @return {@code true} once the body outgrew the limit
   */
  boolean exceeded() {
    return copy == null;
  }

  private void keep(byte[] bytes, int offset, int length) {
    if (copy == null) {
      return;
    }
    if (copy.size() + (long) length > limit) {
      copy = null;
      return;
    }
    copy.write(bytes, offset, length);
  }

  /**
   * The first failure of the client's stream, if any.
   *
   * @return the failure, or empty when every byte was delivered
   */
  Optional<IOException> deliveryFailure() {
    return Optional.ofNullable(deliveryFailure);
  }

  private void deliver(IoAction action) {
    if (deliveryFailure != null) {
      return;
    }
    try {
      action.run();
    } catch (IOException e) {
      deliveryFailure = e;
    }
  }

  @FunctionalInterface
  private interface IoAction {
    void run() throws IOException;
  }
}
