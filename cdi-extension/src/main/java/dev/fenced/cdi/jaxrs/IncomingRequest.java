package dev.fenced.cdi.jaxrs;

import java.io.IOException;
import java.security.Principal;
import java.util.List;
import java.util.Objects;

/**
 * What the request gate needs of an HTTP request, apart from JAX-RS.
 *
 * @param method the HTTP method as received
 * @param path the path below the application's base URI, still percent-encoded as received, with a
 *     leading {@code /}
 * @param query the raw query string, or {@code null} when there is none
 * @param keyValues every value of the key's source (one per header line or parameter), empty when
 *     absent
 * @param principal the authenticated caller, or {@code null}
 * @param mediaType the request {@code Content-Type}, or {@code null}
 * @param body reads the request body up to a bound (empty when there is none); read only for
 *     requests that carry a valid key
 * @param contentEncoding the codings of the body as sent ({@code Content-Encoding})
 * @param acceptEncoding what the request accepts in its response ({@code Accept-Encoding})
 * @param values its headers and parameters by name, for a key resolver bean
 */
record IncomingRequest(
    String method,
    String path,
    String query,
    List<String> keyValues,
    Principal principal,
    String mediaType,
    Body body,
    ContentCodings contentEncoding,
    AcceptEncoding acceptEncoding,
    RequestValues values) {

  /**
   * Validates the components.
   *
   * @param method never {@code null}
   * @param path never {@code null}
   * @param query may be {@code null}
   * @param keyValues never {@code null}; copied
   * @param principal may be {@code null}
   * @param mediaType may be {@code null}
   * @param body never {@code null}
   * @param contentEncoding never {@code null}
   * @param acceptEncoding never {@code null}
   * @param values never {@code null}
   */
  IncomingRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    keyValues = List.copyOf(keyValues);
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(contentEncoding, "contentEncoding");
    Objects.requireNonNull(acceptEncoding, "acceptEncoding");
    Objects.requireNonNull(values, "values");
  }

  /**
   * A request whose headers and parameters no key resolver reads.
   *
   * @param method never {@code null}
   * @param path never {@code null}
   * @param query may be {@code null}
   * @param keyValues never {@code null}; copied
   * @param principal may be {@code null}
   * @param mediaType may be {@code null}
   * @param body never {@code null}
   * @param contentEncoding never {@code null}
   * @param acceptEncoding never {@code null}
   */
  IncomingRequest(
      String method,
      String path,
      String query,
      List<String> keyValues,
      Principal principal,
      String mediaType,
      Body body,
      ContentCodings contentEncoding,
      AcceptEncoding acceptEncoding) {
    this(
        method,
        path,
        query,
        keyValues,
        principal,
        mediaType,
        body,
        contentEncoding,
        acceptEncoding,
        RequestValues.NONE);
  }

  /**
   * A request whose body has no content coding and that accepts any in its response.
   *
   * @param method never {@code null}
   * @param path never {@code null}
   * @param query may be {@code null}
   * @param keyValues never {@code null}; copied
   * @param principal may be {@code null}
   * @param mediaType may be {@code null}
   * @param body never {@code null}
   */
  IncomingRequest(
      String method,
      String path,
      String query,
      List<String> keyValues,
      Principal principal,
      String mediaType,
      Body body) {
    this(
        method,
        path,
        query,
        keyValues,
        principal,
        mediaType,
        body,
        ContentCodings.IDENTITY,
        AcceptEncoding.ANY,
        RequestValues.NONE);
  }

  /**
   * The request as events and logs name it: method and path, without the query (which may carry
   * secrets).
   *
   * @return for example {@code POST /orders/7/pay}
   */
  String target() {
    return method + " " + path;
  }

  /**
   * The path and query the fingerprint counts.
   *
   * @return {@code path} or {@code path?query}
   */
  String pathAndQuery() {
    return query == null ? path : path + "?" + query;
  }

  /** Reads the request body once, never holding more than asked for. */
  @FunctionalInterface
  interface Body {

    /**
     * Reads the body, or its first {@code maxBytes} bytes when it is longer.
     *
     * @param maxBytes the most bytes to read, at least 1
     * @return the bytes, empty when there is no body
     * @throws IOException when the body cannot be read
     */
    byte[] read(int maxBytes) throws IOException;

    /**
     * The length the request declares ({@code Content-Length}).
     *
     * @return the length, or -1 when unknown (chunked, or no header)
     */
    default long declaredLength() {
      return -1;
    }
  }
}
