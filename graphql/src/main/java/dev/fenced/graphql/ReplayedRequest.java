package dev.fenced.graphql;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A request whose body {@link GraphqlEndpointFilter} read first: the endpoint reads the same bytes,
 * those read and then the rest of the original stream.
 */
final class ReplayedRequest extends HttpServletRequestWrapper {

  private final InputStream body;
  private ServletInputStream stream;
  private BufferedReader reader;

  /**
   * @param request the request
   * @param read the bytes read from its body
   * @param rest what is left of its body
   */
  ReplayedRequest(HttpServletRequest request, byte[] read, InputStream rest) {
    super(request);
    this.body = new SequenceInputStream(new ByteArrayInputStream(read), rest);
  }

  @Override
  public ServletInputStream getInputStream() {
    if (stream == null) {
      stream = new ReplayStream();
    }
    return stream;
  }

  @Override
  public BufferedReader getReader() {
    if (reader == null) {
      String encoding = getCharacterEncoding();
      Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
      reader = new BufferedReader(new InputStreamReader(getInputStream(), charset));
    }
    return reader;
  }

  private final class ReplayStream extends ServletInputStream {
    private boolean finished;

    @Override
    public int read() throws IOException {
      int b = body.read();
      finished = b < 0;
      return b;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      int n = body.read(bytes, offset, length);
      finished = n < 0;
      return n;
    }

    @Override
    public boolean isFinished() {
      return finished;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new UnsupportedOperationException(
          "a GraphQL request that fenced-graphql read is read blocking");
    }
  }
}
