package dev.fenced.cdi.jaxrs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Optional;

/**
 * Passes every byte on to the client's stream and keeps a copy: the body exactly as the client
 * receives it.
 *
 * <p>When the client's stream fails (the client went away), the failure is remembered and later
 * bytes are only copied: the writer still produces the whole response, so the caller can store it
 * (the method ran; a retry must get its outcome, not run it again) and then rethrow {@link
 * #deliveryFailure()}. Not thread-safe, like the streams it wraps.
 */
final class CapturingOutputStream extends OutputStream {

  private final OutputStream client;
  private final ByteArrayOutputStream copy = new ByteArrayOutputStream();
  private IOException deliveryFailure;

  /**
   * Wraps the stream towards the client.
   *
   * @param client the stream the body goes to
   */
  CapturingOutputStream(OutputStream client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public void write(int b) {
    copy.write(b);
    deliver(() -> client.write(b));
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    copy.write(bytes, offset, length);
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
   */
  byte[] captured() {
    return copy.toByteArray();
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
