package dev.fenced.graphql;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads each GraphQL {@code POST} on its way to the endpoint ({@code META-INF/web-fragment.xml}
 * maps it to {@code /graphql}): which root fields its mutation operation runs, in which order and
 * under which response keys, for the guarded mutations it calls ({@link CurrentOperation}); then
 * writes their refusals into the response's errors ({@link ErrorExtensions}). Queries, requests
 * that are no single GraphQL request, and documents the reader cannot read pass through untouched;
 * a guarded mutation in such a request is refused, never run unguarded. The body is read up to
 * {@value #MAX_DOCUMENT_BYTES} bytes.
 */
public class GraphqlEndpointFilter implements Filter {

  /** The longest request body read; a longer one runs no guarded mutation. */
  static final int MAX_DOCUMENT_BYTES = 1 << 20;

  /** The name of the schema's mutation root type in MicroProfile GraphQL. */
  static final String MUTATION_TYPE = "Mutation";

  private static final System.Logger LOG = System.getLogger("dev.fenced.graphql");

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (!(request instanceof HttpServletRequest http)
        || !(response instanceof HttpServletResponse httpResponse)
        || !"POST".equals(http.getMethod())) {
      chain.doFilter(request, response);
      return;
    }
    InputStream in = http.getInputStream();
    byte[] read = in.readNBytes(MAX_DOCUMENT_BYTES + 1);
    ReplayedRequest replayed = new ReplayedRequest(http, read, in);
    List<RootField> fields =
        read.length > MAX_DOCUMENT_BYTES ? List.of() : mutationFields(http, read);
    if (fields.isEmpty()) {
      chain.doFilter(replayed, response);
      return;
    }
    RunningOperation operation = new RunningOperation(fields, http);
    BufferedResponse held = new BufferedResponse(httpResponse);
    try {
      CurrentOperation.runWith(operation, () -> chain.doFilter(replayed, held));
    } catch (IOException | ServletException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new ServletException(e);
    }
    if (replayed.isAsyncStarted()) {
      LOG.log(
          Level.DEBUG, "The GraphQL endpoint answers asynchronously; its errors stay as written");
      held.release();
      return;
    }
    Map<String, Refusal> refusals = operation.refusals();
    byte[] body = held.body();
    // ErrorExtensions reads and writes UTF-8, what GraphQL over HTTP answers in (both servers do)
    boolean utf8 =
        httpResponse.getCharacterEncoding() == null
            || "UTF-8".equalsIgnoreCase(httpResponse.getCharacterEncoding());
    byte[] answer = refusals.isEmpty() || !utf8 ? body : ErrorExtensions.add(body, refusals);
    if (!httpResponse.isCommitted()) {
      httpResponse.setContentLength(answer.length);
    }
    httpResponse.getOutputStream().write(answer);
  }

  private static List<RootField> mutationFields(HttpServletRequest http, byte[] body) {
    Optional<OperationRequest> request = OperationRequest.read(http.getContentType(), body);
    if (request.isEmpty()) {
      return List.of();
    }
    try {
      return OperationDocument.mutationFields(
          request.get().document(),
          request.get().operationName(),
          request.get().variables(),
          MUTATION_TYPE);
    } catch (IllegalArgumentException e) {
      // the endpoint answers such a document with its own error; no guarded mutation runs
      LOG.log(Level.DEBUG, "A GraphQL document fenced-graphql cannot read: " + e.getMessage());
      return List.of();
    }
  }
}
