package dev.fenced.graphql;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Holds the body of a GraphQL response until the operation has run, so refusals can be written into
 * its errors ({@link ErrorExtensions}); {@link #release} sends what it holds and lets the rest
 * through, for a response that is not finished when the endpoint returns (an asynchronous one).
 */
final class BufferedResponse extends HttpServletResponseWrapper {

  private final ByteArrayOutputStream held = new ByteArrayOutputStream();
  private volatile boolean released;
  private ServletOutputStream stream;
  private PrintWriter writer;

  /**
   * @param response the response to hold the body of
   */
  BufferedResponse(HttpServletResponse response) {
    super(response);
  }

  @Override
  public ServletOutputStream getOutputStream() {
    if (stream == null) {
      stream = new HeldStream();
    }
    return stream;
  }

  @Override
  public PrintWriter getWriter() {
    if (writer == null) {
      String encoding = getCharacterEncoding();
      Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
      writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), charset), false);
    }
    return writer;
  }

  @Override
  public void setContentLength(int length) {
    // the length is set when the held body is sent
  }

  @Override
  public void setContentLengthLong(long length) {
    // the length is set when the held body is sent
  }

  @Override
  public void flushBuffer() throws IOException {
    if (writer != null) {
      writer.flush();
    }
    if (released) {
      super.flushBuffer();
    }
  }

  @Override
  public synchronized void resetBuffer() {
    super.resetBuffer();
    if (!released) {
      held.reset();
    }
  }

  @Override
  public synchronized void reset() {
    super.reset();
    if (!released) {
      held.reset();
    }
  }

  /**
   * The body held so far.
   *
   * @return the bytes the endpoint wrote
   */
  byte[] body() {
    if (writer != null) {
      writer.flush();
    }
    return held.toByteArray();
  }

  /**
   * Sends what is held and lets everything written later through.
   *
   * @throws IOException when sending fails
   */
  synchronized void release() throws IOException {
    if (!released) {
      byte[] body = body();
      released = true;
      getResponse().getOutputStream().write(body);
    }
  }

  private final class HeldStream extends ServletOutputStream {
    @Override
    public void write(int b) throws IOException {
      synchronized (BufferedResponse.this) {
        if (released) {
          getResponse().getOutputStream().write(b);
        } else {
          held.write(b);
        }
      }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      synchronized (BufferedResponse.this) {
        if (released) {
          getResponse().getOutputStream().write(bytes, offset, length);
        } else {
          held.write(bytes, offset, length);
        }
      }
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      throw new UnsupportedOperationException(
          "a GraphQL response that fenced-graphql holds is written blocking");
    }
  }
}
