package dev.fenced.cdi.jaxrs;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.IdempotencyRuntime;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.KeySource;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.config.SizeParser;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyKeys;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.IdempotencyException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The request side of the HTTP semantics, apart from JAX-RS: reads the key, claims it, and says
 * whether the method runs, a stored response is replayed, or the request is refused (firing the
 * matching event).
 *
 * <p>Order: the key header (missing: unguarded, or 400 {@code IDEMPOTENCY_KEY_REQUIRED}; more than
 * one, or not 1-255 printable ASCII after unquoting: 400 {@code IDEMPOTENCY_KEY_INVALID}); then the
 * body (larger than {@code fenced.idempotency.max-request-size}: 413 {@code
 * IDEMPOTENCY_REQUEST_TOO_LARGE}, refused from its {@code Content-Length} without reading, or after
 * reading one byte more than the limit), its content coding (a {@code gzip} or {@code deflate} body
 * is decoded, never past the same limit, and its content is what the fingerprint counts; a corrupt
 * one: 400 {@code IDEMPOTENCY_REQUEST_ENCODING_INVALID}; any other coding: 415 {@code
 * IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED}), the scope and the fingerprint (a {@code HEAD} that
 * JAX-RS runs on the {@code GET} method counts as that {@code GET}); then the claim (503 when the
 * store cannot be reached, 409 with {@code Retry-After} while the first request runs, 409 {@code
 * IDEMPOTENCY_OUTCOME_LOST} when its work committed and its response was lost, 422 for another
 * request under the key, 500 when the stored record cannot be decoded, 406 {@code
 * IDEMPOTENCY_REPLAY_NOT_ACCEPTABLE} when the stored response is in a coding this request does not
 * accept and Fenced cannot undo). A key from a body field or from a resolver bean is read once the
 * body is (a resolver that throws: 500 {@code IDEMPOTENCY_KEY_UNRESOLVABLE}). Nothing is claimed
 * for a refused request.
 */
final class RequestGate {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final IdempotencyRuntime runtime;
  private final IdempotentMethod model;
  private final Transactions transactions;
  private final int maxRequestSize;
  private final boolean headRunsGet;
  private final FingerprintCalculator fingerprints;

  /**
   * Creates the gate of one method.
   *
   * @param runtime the shared runtime
   * @param model the method's validated model
   * @param transactions when a claim's outcome is recorded
   * @param maxRequestSize the largest request body accepted, in bytes, 1 to {@link
   *     dev.fenced.core.config.SizeParser#MAX_BYTES}
   */
  RequestGate(
      IdempotencyRuntime runtime,
      IdempotentMethod model,
      Transactions transactions,
      long maxRequestSize) {
    this(runtime, model, transactions, maxRequestSize, true);
  }

  /**
   * Creates the gate of one method.
   *
   * @param runtime the shared runtime
   * @param model the method's validated model
   * @param transactions when a claim's outcome is recorded
   * @param maxRequestSize the largest request body accepted, in bytes, 1 to {@link
   *     dev.fenced.core.config.SizeParser#MAX_BYTES}
   * @param headRunsGet whether a {@code HEAD} request runs this method as its {@code GET} (the
   *     method is not a {@code HEAD} method): it then counts as that {@code GET}
   */
  RequestGate(
      IdempotencyRuntime runtime,
      IdempotentMethod model,
      Transactions transactions,
      long maxRequestSize,
      boolean headRunsGet) {
    this.headRunsGet = headRunsGet;
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.model = Objects.requireNonNull(model, "model");
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    if (maxRequestSize < 1 || maxRequestSize > SizeParser.MAX_BYTES) {
      throw new IllegalArgumentException("maxRequestSize " + maxRequestSize);
    }
    this.maxRequestSize = (int) maxRequestSize;
    this.fingerprints = runtime.fingerprints(model);
  }

  /**
   * Decides one request.
   *
   * @param request the request
   * @return the decision; a {@link Decision.Proceed} holds a running claim the caller must end
   * @throws IOException when the body cannot be read (nothing was claimed)
   */
  Decision decide(IncomingRequest request) throws IOException {
    String target = request.target();
    boolean inBody = model.http().keySource().inBody();
    String key = null;
    if (!inBody) {
      KeyRead read = key(target, request.keyValues());
      if (read.decision() != null) {
        return read.decision();
      }
      key = read.key();
    }
    if (request.body().declaredLength() > maxRequestSize) {
      return tooLarge(target, key);
    }
    ContentCodings coding = request.contentEncoding();
    byte[] body;
    try {
      body = request.body().read(maxRequestSize + 1);
    } catch (IOException e) {
      if (coding.isIdentity()) {
        throw e;
      }
      // the server decodes the body itself (Open Liberty) and its decoder failed
      return invalidCoding(target, key, coding);
    }
    if (body.length > maxRequestSize) {
      return tooLarge(target, key);
    }
    if (body.length > 0 && !coding.isIdentity() && stillCoded(request.body(), body, coding)) {
      if (!coding.supported()) {
        return refuse(
            target,
            key,
            ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED,
            "The request body's Content-Encoding ("
                + coding.header()
                + ") cannot be decoded to compare it with a retry; nothing was done. Send it"
                + " gzip- or deflate-encoded, or not encoded");
      }
      try {
        body = coding.decode(body, maxRequestSize);
      } catch (ContentCodings.CorruptEncodingException e) {
        return invalidCoding(target, key, coding);
      }
      if (body.length > maxRequestSize) {
        return tooLarge(target, key);
      }
    }
    if (inBody) {
      KeySource source = model.http().keySource();
      List<String> values;
      if (source.kind() == KeySource.Kind.BEAN) {
        Optional<List<String>> resolved = resolved(request, target, body);
        if (resolved.isEmpty()) {
          return refuse(
              target,
              null,
              ErrorCode.IDEMPOTENCY_KEY_UNRESOLVABLE,
              "The key resolver of this endpoint failed to compute the request's idempotency key,"
                  + " so nothing was done; the server log tells why. Retry once it is fixed");
        }
        values = resolved.get();
      } else {
        values = BodyKey.values(body, source.name());
      }
      KeyRead read = key(target, values);
      if (read.decision() != null) {
        return read.decision();
      }
      key = read.key();
    }
    return claim(request, target, key, body);
  }

  /**
   * What the method's resolver bean computes: no value for {@code null} or empty, or empty when it
   * throws (logged: the fault is the application's, not the client's).
   */
  private Optional<List<String>> resolved(IncomingRequest request, String target, byte[] body) {
    String resolved;
    try {
      resolved = runtime.keyResolver(model).resolveKey(new ResolverRequest(request, body));
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "The IdempotencyKeyResolver \""
              + model.http().keySource().name()
              + "\" of "
              + model.target()
              + " threw; the request "
              + target
              + " was refused with 500 "
              + ErrorCode.IDEMPOTENCY_KEY_UNRESOLVABLE
              + " and not run",
          e);
      return Optional.empty();
    }
    return Optional.of(resolved == null || resolved.isEmpty() ? List.of() : List.of(resolved));
  }

  /** Claims a valid key for a request whose body was read. */
  private Decision claim(IncomingRequest request, String target, String key, byte[] body) {
    String scope = runtime.scope(model, request.principal());
    String method = headRunsGet && request.method().equals("HEAD") ? "GET" : request.method();
    Fingerprint fingerprint =
        fingerprints.ofRequest(scope, method, request.pathAndQuery(), request.mediaType(), body);
    Claim claim;
    try {
      claim = runtime.engine().claim(recordKey(scope, key), fingerprint, model.lockTtl());
    } catch (IdempotencyException e) {
      return refuse(target, key, e.code(), e.getMessage());
    }
    if (claim instanceof Claim.Claimed claimed) {
      try {
        claimed.execution().onLockLost(lost -> runtime.lockLost(target, key));
        return new Decision.Proceed(
            new ClaimedRequest(model, target, key, claimed.execution(), transactions));
      } catch (RuntimeException | Error e) {
        claimed.execution().close();
        throw e;
      }
    }
    if (claim instanceof Claim.Replay replay) {
      return replay(target, key, replay.payload(), request.acceptEncoding());
    }
    if (claim instanceof Claim.InUse) {
      String seconds = RetryAfter.seconds(model.http().retryAfter());
      return refuse(
          target,
          key,
          ErrorCode.IDEMPOTENCY_KEY_IN_USE,
          "A request with this idempotency key is still being processed; retry it after "
              + seconds
              + " s to get its response",
          seconds);
    }
    if (claim instanceof Claim.OutcomeLost) {
      return refuse(
          target,
          key,
          ErrorCode.IDEMPOTENCY_OUTCOME_LOST,
          "A request with this idempotency key was carried out and its work committed, but its"
              + " response was lost before it could be recorded (the server failed in between),"
              + " so it is not run again and there is no response to replay; look the result up"
              + " by other means, or send a new key to do it once more");
    }
    return refuse(
        target,
        key,
        ErrorCode.IDEMPOTENCY_KEY_REUSED,
        "This idempotency key was already used for a different request (another method, path,"
            + " query or body); use a new key for a new request");
  }

  /**
   * Whether the bytes read still have the coding the header names. A server may decode the body
   * before the application reads it and leave the header (Open Liberty does, {@code httpOptions
   * autoDecompression}, on by default): then the bytes read differ in length from the declared
   * {@code Content-Length}, or, without one, a gzip body lacks the gzip magic number. The
   * fingerprint counts the content either way.
   */
  private static boolean stillCoded(
      IncomingRequest.Body source, byte[] body, ContentCodings coding) {
    long declared = source.declaredLength();
    if (declared >= 0) {
      return declared == body.length;
    }
    String last = coding.names().get(coding.names().size() - 1);
    if (last.equals("gzip") || last.equals("x-gzip")) {
      return body.length >= 2 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b;
    }
    return true;
  }

  private Decision invalidCoding(String target, String key, ContentCodings coding) {
    return refuse(
        target,
        key,
        ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_INVALID,
        "The request body is not encoded as its Content-Encoding ("
            + coding.header()
            + ") says; nothing was done. Send it encoded as declared, or not encoded");
  }

  private Decision tooLarge(String target, String key) {
    return refuse(
        target,
        key,
        ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE,
        "The request body is larger than "
            + SizeParser.format(maxRequestSize)
            + " (decoded, when it has a Content-Encoding), the most this endpoint accepts; nothing"
            + " was done. Send a smaller body");
  }

  private Decision replay(String target, String key, byte[] payload, AcceptEncoding accepted) {
    HttpOutcome outcome;
    try {
      outcome = HttpOutcomeCodec.decode(payload);
    } catch (HttpOutcomeCodec.UnreadableOutcomeException e) {
      LOG.log(
          Level.WARNING,
          "The stored response of "
              + target
              + " cannot be decoded ("
              + e.getMessage()
              + "); the request was refused, not run again");
      return refuse(
          target,
          key,
          ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE,
          "The stored response for this idempotency key cannot be read, so the request was not"
              + " run again; this stays so until the record expires");
    }
    Optional<HttpOutcome> sendable = ReplayEncoding.forClient(outcome, accepted);
    if (sendable.isEmpty()) {
      return refuse(
          target,
          key,
          ErrorCode.IDEMPOTENCY_REPLAY_NOT_ACCEPTABLE,
          "The stored response for this idempotency key was sent with Content-Encoding "
              + ContentCodings.of(outcome.headers().get(ReplayEncoding.CONTENT_ENCODING)).header()
              + ", which this request's Accept-Encoding does not accept; the request was not run"
              + " again. Retry with an Accept-Encoding that accepts it");
    }
    fire(() -> runtime.replayed(target, key));
    return new Decision.Replay(sendable.get());
  }

  private Decision refuse(String target, String key, ErrorCode code, String detail) {
    return refuse(target, key, code, detail, null);
  }

  private Decision refuse(
      String target, String key, ErrorCode code, String detail, String retryAfter) {
    fire(() -> runtime.rejected(target, key, code));
    return new Decision.Refused(code, detail, retryAfter);
  }

  /** An observer's failure must not change the answer the client gets. */
  private static void fire(Runnable event) {
    try {
      event.run();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "An observer of a Fenced idempotency event failed", e);
    }
  }

  /** A key read from its source, or the decision when there is none or it is invalid. */
  private record KeyRead(String key, Decision decision) {}

  /**
   * The key among the values of its source: none is unguarded (or 400 when required), several or an
   * invalid one 400.
   */
  private KeyRead key(String target, List<String> values) {
    KeySource source = model.http().keySource();
    if (values.isEmpty()) {
      return new KeyRead(
          null,
          model.http().required()
              ? refuse(
                  target,
                  null,
                  ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
                  (source.kind() == KeySource.Kind.BEAN
                          ? "This request needs an idempotency key, and the "
                              + source.describe()
                              + " found none in it"
                          : "This request needs an idempotency key in its " + source.describe())
                      + ": send a new unique key with each new request, and the same key with each"
                      + " retry of it")
              : new Decision.Unguarded());
    }
    if (values.size() > 1) {
      return new KeyRead(
          null,
          refuse(
              target,
              null,
              ErrorCode.IDEMPOTENCY_KEY_INVALID,
              "The request has "
                  + values.size()
                  + " values of its "
                  + source.describe()
                  + "; send exactly one"));
    }
    try {
      return new KeyRead(
          source.kind() == KeySource.Kind.HEADER
              ? IdempotencyKeys.fromHeader(values.get(0))
              : IdempotencyKeys.validate(values.get(0)),
          null);
    } catch (IdempotencyException e) {
      return new KeyRead(
          null,
          refuse(
              target,
              null,
              e.code(),
              (source.kind() == KeySource.Kind.BEAN
                      ? "The key the " + source.describe() + " computed is invalid: "
                      : "The " + source.describe() + " is invalid: ")
                  + e.getMessage()));
    }
  }

  /**
   * The record of a key: the client's own key (a header) is one record per scope, whatever method
   * it reaches; a key that is a value of the request (a query or path parameter, an order id) or
   * computed from it by a resolver bean belongs to the method, so the same id on two methods is two
   * records.
   */
  private RecordKey recordKey(String scope, String key) {
    return model.http().keySource().belongsToMethod()
        ? RecordKey.method(scope, key, model.className(), model.methodName())
        : RecordKey.http(scope, key);
  }
}
