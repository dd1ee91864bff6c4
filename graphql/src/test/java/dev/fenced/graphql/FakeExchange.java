package dev.fenced.graphql;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * One HTTP exchange as a servlet container hands it to a filter, for the tests of the filter and
 * its wrappers: a request with a method, headers and a body, and a response that keeps what is sent
 * to the client. Both answer the few methods those classes call; any other call fails the test.
 */
final class FakeExchange {

  private final String method;
  private final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
  private final ServletInputStream body;
  private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
  private final ServletOutputStream out = new SentStream();
  private String characterEncoding;
  private boolean asyncStarted;
  private long contentLength = -1;
  private boolean committed;
  private final HttpServletRequest request = fake(HttpServletRequest.class, this::request);
  private final HttpServletResponse response = fake(HttpServletResponse.class, this::response);

  private FakeExchange(String method, byte[] body) {
    this.method = method;
    this.body = new BodyStream(body);
  }

  static FakeExchange get() {
    return new FakeExchange("GET", new byte[0]);
  }

  static FakeExchange post(String contentType, String body) {
    return post(contentType, body.getBytes(StandardCharsets.UTF_8));
  }

  static FakeExchange post(String contentType, byte[] body) {
    return new FakeExchange("POST", body).header("Content-Type", contentType);
  }

  FakeExchange header(String name, String value) {
    headers.put(name, value);
    return this;
  }

  /** The character encoding of the request's body and of the response's, unset by default. */
  FakeExchange characterEncoding(String encoding) {
    characterEncoding = encoding;
    return this;
  }

  /** The endpoint has started to answer asynchronously. */
  FakeExchange asyncStarted() {
    asyncStarted = true;
    return this;
  }

  HttpServletRequest request() {
    return request;
  }

  HttpServletResponse response() {
    return response;
  }

  /** What the client got. */
  byte[] sent() {
    return sent.toByteArray();
  }

  String sentText() {
    return sent.toString(StandardCharsets.UTF_8);
  }

  /** The Content-Length set on the response, or -1. */
  long contentLength() {
    return contentLength;
  }

  boolean committed() {
    return committed;
  }

  private Object request(String name, Object[] args) {
    return switch (name) {
      case "getMethod" -> method;
      case "getContentType" -> headers.get("Content-Type");
      case "getHeader" -> headers.get((String) args[0]);
      case "getCharacterEncoding" -> characterEncoding;
      case "getInputStream" -> body;
      case "isAsyncStarted" -> asyncStarted;
      case "toString" -> method + " request";
      default -> throw new UnsupportedOperationException("HttpServletRequest." + name);
    };
  }

  private Object response(String name, Object[] args) {
    switch (name) {
      case "getOutputStream":
        return out;
      case "getCharacterEncoding":
        return characterEncoding;
      case "isCommitted":
        return committed;
      case "setContentLength":
        contentLength = (Integer) args[0];
        return null;
      case "flushBuffer":
        committed = true;
        return null;
      case "toString":
        return "response";
      default:
        throw new UnsupportedOperationException("HttpServletResponse." + name);
    }
  }

  private static <T> T fake(Class<T> type, BiFunction<String, Object[], Object> answers) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> answers.apply(method.getName(), args)));
  }

  private static final class BodyStream extends ServletInputStream {
    private final ByteArrayInputStream bytes;

    BodyStream(byte[] body) {
      bytes = new ByteArrayInputStream(body);
    }

    @Override
    public int read() {
      return bytes.read();
    }

    @Override
    public int read(byte[] b, int offset, int length) {
      return bytes.read(b, offset, length);
    }

    @Override
    public boolean isFinished() {
      return bytes.available() == 0;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new UnsupportedOperationException();
    }
  }

  private final class SentStream extends ServletOutputStream {
    @Override
    public void write(int b) {
      sent.write(b);
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      throw new UnsupportedOperationException();
    }
  }
}
