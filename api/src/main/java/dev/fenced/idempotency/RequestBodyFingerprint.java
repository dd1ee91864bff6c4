package dev.fenced.idempotency;

/**
 * Chooses the part of a JAX-RS request body that identifies the request, for bodies whose bytes
 * differ between two sendings of one request: a multipart body with a random boundary, a body that
 * carries the time it was sent or a trace id.
 *
 * <p>Implement it as a {@code @Named} CDI bean and select it with {@link
 * Idempotent#bodyFingerprint()}. Fenced then hashes what {@link #relevantPart} returns in place of
 * the body, together with the scope, the HTTP method, the path and the query, which always count:
 * two requests are the same request exactly when their relevant parts are equal byte for byte. It
 * is called once per request that carries a key, before the key is claimed, with the whole body (up
 * to {@code fenced.idempotency.max-request-size}); it must be fast, thread-safe and free of side
 * effects. For JSON bodies, {@link Idempotent#ignoredFields()} drops fields without code.
 */
@FunctionalInterface
public interface RequestBodyFingerprint {

  /**
   * The part of the body that identifies the request.
   *
   * @param mediaType the request's {@code Content-Type}, or {@code null} when it has none
   * @param body the request body, empty when there is none; do not modify it
   * @return the bytes that count, never {@code null} (empty counts the body as empty); when this
   *     throws or returns {@code null}, the request fails with 500 and nothing is claimed
   */
  byte[] relevantPart(String mediaType, byte[] body);
}
