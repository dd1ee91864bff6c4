package dev.fenced.cdi.jaxrs;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.model.KeySource;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Bound to one guarded resource method: runs the {@link RequestGate} and turns its decision into
 * JAX-RS terms (proceed with the claim in a request property, or abort with a replay or a problem).
 * Reads the request body up to the gate's limit and puts it back for the method.
 *
 * <p>A claim is handed to whatever ends it at the end of the request: the {@link
 * ClaimCleanupListener} when it saw this request begin, else the request-scoped {@link
 * RequestClaims}, which also holds it for the resource method's interceptor ({@link
 * CommitMarking}). If handing it over fails, the claim is ended here.
 */
final class IdempotencyRequestFilter implements ContainerRequestFilter {

  /** The request property holding a {@link ReplayedBody}, so the writer interceptor sends it. */
  static final String REPLAY_BODY = IdempotencyRequestFilter.class.getName() + ".replayBody";

  private final RequestGate gate;
  private final KeySource keySource;
  private final BiConsumer<ClaimedRequest, Boolean> claims;
  private final ProblemDetails problems;

  /**
   * Creates the filter of one method.
   *
   * @param gate the method's gate
   * @param keySource where the key comes from
   * @param claims takes each claim, and whether the cleanup listener ends it: notes it as the
   *     request's, and ends it at the end of a request the listener does not see
   * @param problems the refusals' bodies
   */
  IdempotencyRequestFilter(
      RequestGate gate,
      KeySource keySource,
      BiConsumer<ClaimedRequest, Boolean> claims,
      ProblemDetails problems) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.keySource = Objects.requireNonNull(keySource, "keySource");
    this.claims = Objects.requireNonNull(claims, "claims");
    this.problems = Objects.requireNonNull(problems, "problems");
  }

  @Override
  public void filter(ContainerRequestContext request) throws IOException {
    Decision decision = gate.decide(describe(request));
    if (decision instanceof Decision.Proceed proceed) {
      ClaimedRequest claimed = proceed.claimed();
      try {
        request.setProperty(ClaimedRequest.PROPERTY, claimed);
        claims.accept(
            claimed,
            ClaimCleanupListener.sawBegin(request.getProperty(ClaimCleanupListener.ACTIVE)));
      } catch (RuntimeException | Error e) {
        claimed.abandon();
        throw e;
      }
    } else if (decision instanceof Decision.Replay replay) {
      request.abortWith(replayOf(request, replay.outcome()));
    } else if (decision instanceof Decision.Refused refused) {
      request.abortWith(problemOf(refused));
    }
  }

  private IncomingRequest describe(ContainerRequestContext request) {
    UriInfo uri = request.getUriInfo();
    String path = uri.getPath(false);
    SecurityContext security = request.getSecurityContext();
    Principal principal = security == null ? null : security.getUserPrincipal();
    return new IncomingRequest(
        request.getMethod(),
        path.startsWith("/") ? path : "/" + path,
        uri.getRequestUri().getRawQuery(),
        keyValues(request),
        principal,
        request.getHeaderString(HttpHeaders.CONTENT_TYPE),
        new EntityBody(request.getEntityStream(), request::setEntityStream, request.getLength()),
        ContentCodings.of(headerLines(request, HttpHeaders.CONTENT_ENCODING)),
        AcceptEncoding.of(headerLines(request, HttpHeaders.ACCEPT_ENCODING)),
        values(request));
  }

  /** The request's headers and parameters, looked up when a key resolver bean asks. */
  private static RequestValues values(ContainerRequestContext request) {
    return new RequestValues() {
      @Override
      public String header(String name) {
        List<String> lines = headerLines(request, name);
        return lines.isEmpty() ? null : String.join(", ", lines);
      }

      @Override
      public String queryParameter(String name) {
        return request.getUriInfo().getQueryParameters().getFirst(name);
      }

      @Override
      public String pathParameter(String name) {
        return request.getUriInfo().getPathParameters().getFirst(name);
      }
    };
  }

  /** Every value of the key's source: each line of its header, each value of its parameter. */
  private List<String> keyValues(ContainerRequestContext request) {
    List<String> values =
        switch (keySource.kind()) {
          case HEADER -> headerLines(request, keySource.name());
          case QUERY -> request.getUriInfo().getQueryParameters().get(keySource.name());
          case PATH -> request.getUriInfo().getPathParameters().get(keySource.name());
          case BODY, BEAN -> List.of(); // read with the body, by the gate
        };
    return values == null ? List.of() : values;
  }

  /** Every line of a header; header names are case-insensitive. */
  private static List<String> headerLines(ContainerRequestContext request, String name) {
    List<String> values = request.getHeaders().get(name);
    if (values != null) {
      return values;
    }
    for (Map.Entry<String, List<String>> entry : request.getHeaders().entrySet()) {
      if (name.equalsIgnoreCase(entry.getKey())) {
        return entry.getValue();
      }
    }
    return List.of();
  }

  private static Response replayOf(ContainerRequestContext request, HttpOutcome outcome) {
    Response.ResponseBuilder response = Response.status(outcome.status());
    outcome.headers().forEach((name, values) -> values.forEach(v -> response.header(name, v)));
    response.header(ReplayHeaders.REPLAYED, "true");
    byte[] body = outcome.body();
    if (body.length > 0) {
      response.entity(body);
      request.setProperty(
          REPLAY_BODY,
          new ReplayedBody(
              body, ContentCodings.of(outcome.headers().get(ReplayEncoding.CONTENT_ENCODING))));
    }
    return response.build();
  }

  private Response problemOf(Decision.Refused refused) {
    Response.ResponseBuilder response =
        Response.status(refused.code().httpStatus())
            .type(ProblemDetails.MEDIA_TYPE)
            .entity(problems.body(refused.code(), refused.detail()));
    if (refused.retryAfter() != null) {
      response.header(RetryAfter.HEADER, refused.retryAfter());
    }
    if (refused.code() == ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED) {
      // RFC 9110 12.5.3: a 415 for a content coding names the codings that would do
      response.header(HttpHeaders.ACCEPT_ENCODING, "gzip, deflate");
    }
    return response.build();
  }
}
