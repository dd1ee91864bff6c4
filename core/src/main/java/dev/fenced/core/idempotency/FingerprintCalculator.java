package dev.fenced.core.idempotency;

import dev.fenced.idempotency.RequestBodyFingerprint;
import jakarta.json.JsonValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Computes request fingerprints: SHA-256 over length-prefixed fields, so {@code ("ab", "c")} and
 * {@code ("a", "bc")} never meet.
 *
 * <p>An HTTP request counts its scope, method, path and query, and body. A body whose media type is
 * {@code application/json} or {@code *}{@code /*+json} and that parses as JSON (JSON-P) counts in
 * canonical form (no whitespace, numbers as their exact decimal text with their scale), object
 * members sorted at every depth, after the customiser (if any) dropped volatile fields; any other
 * body, and a JSON body that does not parse (or repeats a member name), counts as its raw bytes.
 * The customiser sees only the body, so method and path always count. An application's {@link
 * RequestBodyFingerprint} ({@link #withBodyPart}) replaces the body by the part it picks, for any
 * media type. A non-HTTP call counts its target and its serialised arguments.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class FingerprintCalculator {

  private static final byte[] VERSION = "fenced-fingerprint-v1".getBytes(StandardCharsets.UTF_8);

  private final UnaryOperator<JsonValue> jsonCustomizer;
  private final RequestBodyFingerprint bodyPart;
  private final StrictJsonReader json = new StrictJsonReader();

  /** A calculator that counts every field of a JSON body. */
  public FingerprintCalculator() {
    this(UnaryOperator.identity());
  }

  private FingerprintCalculator(RequestBodyFingerprint bodyPart) {
    this.jsonCustomizer = UnaryOperator.identity();
    this.bodyPart = Objects.requireNonNull(bodyPart, "bodyPart");
  }

  /**
   * A calculator that passes each parsed JSON body through {@code jsonCustomizer} first.
   *
   * @param jsonCustomizer returns the part of the body that identifies the request, for example
   *     without a timestamp; it must not return {@code null}
   */
  public FingerprintCalculator(UnaryOperator<JsonValue> jsonCustomizer) {
    this.jsonCustomizer = Objects.requireNonNull(jsonCustomizer, "jsonCustomizer");
    this.bodyPart = null;
  }

  /**
   * A calculator that counts, of an HTTP request's body, only what the application's {@code
   * bodyPart} says identifies it (given a copy of the body); scope, method, path and query still
   * count. Non-HTTP calls are counted as by the default calculator.
   *
   * @param bodyPart picks the relevant part of each body
   * @return the calculator
   */
  public static FingerprintCalculator withBodyPart(RequestBodyFingerprint bodyPart) {
    return new FingerprintCalculator(bodyPart);
  }

  /**
   * A calculator that ignores the JSON body fields at {@code jsonPointers}.
   *
   * @param jsonPointers RFC 6901 pointers such as {@code /requestedAt} or {@code /meta/traceId}
   * @return the calculator
   * @see IgnoredFields
   */
  public static FingerprintCalculator ignoring(Collection<String> jsonPointers) {
    return new FingerprintCalculator(IgnoredFields.of(jsonPointers));
  }

  /**
   * The fingerprint of an HTTP request.
   *
   * @param scope the caller's scope, empty for the global scope
   * @param method the HTTP method as received
   * @param pathAndQuery the request path and query string, as received
   * @param mediaType the {@code Content-Type}, or {@code null} when there is none
   * @param body the request body, or {@code null} for none (same as empty)
   * @return the fingerprint
   */
  public Fingerprint ofRequest(
      String scope, String method, String pathAndQuery, String mediaType, byte[] body) {
    MessageDigest digest = sha256();
    field(digest, VERSION);
    field(digest, "http");
    field(digest, Objects.requireNonNull(scope, "scope"));
    field(digest, Objects.requireNonNull(method, "method"));
    field(digest, Objects.requireNonNull(pathAndQuery, "pathAndQuery"));
    byte[] bytes = body == null ? new byte[0] : body;
    if (bodyPart != null) {
      byte[] relevant = bodyPart.relevantPart(mediaType, bytes.clone());
      if (relevant == null) {
        throw new IllegalStateException(
            bodyPart.getClass().getName()
                + ".relevantPart returned null; return the bytes that identify the request, or an"
                + " empty array");
      }
      field(digest, "part");
      field(digest, relevant);
      return new Fingerprint(HexFormat.of().formatHex(digest.digest()));
    }
    byte[] canonical = isJson(mediaType) ? canonicalJson(bytes) : null;
    if (canonical != null) {
      field(digest, "json");
      field(digest, canonical);
    } else {
      field(digest, "raw");
      field(digest, bytes);
    }
    return new Fingerprint(HexFormat.of().formatHex(digest.digest()));
  }

  /**
   * The fingerprint of a non-HTTP call.
   *
   * @param target what is called, such as {@code com.example.Handler.on}
   * @param arguments the call's arguments, already serialised by the caller
   * @return the fingerprint
   */
  public Fingerprint ofCall(String target, byte[] arguments) {
    MessageDigest digest = sha256();
    field(digest, VERSION);
    field(digest, "call");
    field(digest, Objects.requireNonNull(target, "target"));
    field(digest, Objects.requireNonNull(arguments, "arguments"));
    return new Fingerprint(HexFormat.of().formatHex(digest.digest()));
  }

  /**
   * The fingerprint of a non-HTTP call whose arguments are a JSON value, counted in canonical form
   * (object members sorted at every depth, no whitespace): the same arguments give the same
   * fingerprint whatever order a serialiser wrote the members in.
   *
   * @param target what is called, such as {@code com.example.Handler.on}
   * @param arguments the call's arguments as JSON
   * @return the fingerprint
   */
  public Fingerprint ofCall(String target, JsonValue arguments) {
    return ofCall(target, CanonicalJson.toBytes(Objects.requireNonNull(arguments, "arguments")));
  }

  /**
   * Whether a media type is JSON: {@code application/json} or a {@code +json} suffix, ignoring case
   * and parameters.
   *
   * @param mediaType a {@code Content-Type} value, or {@code null}
   * @return whether bodies of this type are read as JSON
   */
  public static boolean isJson(String mediaType) {
    if (mediaType == null) {
      return false;
    }
    int semicolon = mediaType.indexOf(';');
    String essence =
        (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon))
            .strip()
            .toLowerCase(Locale.ROOT);
    int slash = essence.indexOf('/');
    return essence.equals("application/json")
        || (slash > 0 && essence.endsWith("+json") && essence.indexOf('/', slash + 1) < 0);
  }

  /** The canonical bytes of a JSON body, or {@code null} when it is not JSON. */
  private byte[] canonicalJson(byte[] body) {
    Optional<JsonValue> value = json.read(body);
    if (value.isEmpty()) {
      return null;
    }
    JsonValue kept =
        Objects.requireNonNull(
            jsonCustomizer.apply(value.get()), "the JSON customiser returned null");
    return CanonicalJson.toBytes(kept);
  }

  private static void field(MessageDigest digest, String text) {
    field(digest, TextBytes.of(text));
  }

  private static void field(MessageDigest digest, byte[] bytes) {
    digest.update(ByteBuffer.allocate(Long.BYTES).putLong(bytes.length).array());
    digest.update(bytes);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
