package dev.fenced.idempotency;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method once per idempotency key; repeats get the stored outcome.
 *
 * <p>On a JAX-RS resource method the key is the {@code Idempotency-Key} request header, or what
 * {@link #keyFrom()} names (a parameter, a body field, a resolver bean). The first request with a
 * key runs the method and stores its status, allowlisted headers and body bytes; a repeat after it
 * finished gets them back with {@code Idempotent-Replayed: true}; a repeat while it runs gets 409
 * {@code IDEMPOTENCY_KEY_IN_USE}; the same key with another request fingerprint gets 422 {@code
 * IDEMPOTENCY_KEY_REUSED}. On a class it covers the POST, PUT, PATCH and DELETE methods; member
 * values on a method override those on its class one by one.
 *
 * <p>On an EJB, MDB or CDI method the key is the parameter annotated {@link IdempotencyKey} (a JMS
 * listener's {@code onMessage(Message)} without one takes its message's default key, the body's or
 * the property's {@code idempotencyKey}: see {@link IdempotencyKey}); the return value is stored
 * and replayed, and a concurrent duplicate throws {@link IdempotencyException} or waits (see {@link
 * #onConflict()}).
 *
 * <p>On a MicroProfile GraphQL {@code @Mutation} (module {@code fenced-graphql}) the key is the
 * mutation's {@code idempotencyKey} argument (or one annotated {@link IdempotencyKey}), else the
 * GraphQL request's {@code Idempotency-Key} header; each field of an operation (its alias) keeps
 * its own record; the field's value is stored and replayed, and a refusal is a GraphQL error on
 * that field. On a {@code @GraphQLApi} class it covers the mutations, never the queries.
 *
 * <p>Every member can be overridden with MicroProfile Config, most specific first: {@code
 * <class>/<method>/Idempotent/<member>}, {@code <class>/Idempotent/<member>}, {@code
 * Idempotent/<member>}, the annotation, then {@code fenced.idempotency.<member>}. Durations are
 * strings: a number with a unit ({@code "200ms"}, {@code "45s"}, {@code "15m"}, {@code "48h"},
 * {@code "7d"}; a number without one is refused, as {@code "60"} could mean seconds or
 * milliseconds); an empty string inherits. Invalid values fail the deployment.
 */
@InterceptorBinding
@Inherited
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Idempotent {

  /**
   * How long a completed outcome is kept and replayed. Must be positive. Empty inherits {@code
   * fenced.idempotency.ttl}, whose default is {@code 24h}.
   *
   * @return a duration string, or empty to inherit
   */
  @Nonbinding
  String ttl() default "";

  /**
   * How long an in-flight lock survives without renewal, so how soon a retry can take over the key
   * after the process running the method died. Renewed every {@code lockTtl / 3} while the method
   * runs. Must be positive. Empty inherits {@code fenced.idempotency.lock-ttl}, default {@code
   * 60s}.
   *
   * @return a duration string, or empty to inherit
   */
  @Nonbinding
  String lockTtl() default "";

  /**
   * Whether a request without a key is refused (400 {@code IDEMPOTENCY_KEY_REQUIRED}) before the
   * method runs. When {@code false} a request without a key runs unguarded. Default {@code false};
   * {@code fenced.idempotency.required=true} makes it the default for all methods.
   *
   * @return whether a key is required
   */
  @Nonbinding
  boolean required() default false;

  /**
   * Whose keys may meet. Empty (the default) scopes keys by the authenticated caller's principal
   * name, so two users' equal keys never meet, and unauthenticated calls share one scope. {@value
   * #GLOBAL_SCOPE} shares one scope for all callers on purpose. Any other value names a CDI bean
   * implementing {@link IdempotencyScopeResolver}.
   *
   * @return the scope, {@value #GLOBAL_SCOPE}, or the name of a resolver bean
   */
  @Nonbinding
  String scope() default "";

  /**
   * Where a JAX-RS resource method's key comes from: {@code header:<name>}, {@code query:<name>},
   * {@code path:<name>} (a parameter of the method's {@code @Path} template, or the deployment
   * fails), {@code body:<JSON pointer>} (a string or number field of a JSON body, {@code
   * body:/paymentId}; the body is then read, up to {@code fenced.idempotency.max-request-size},
   * before the key is known, also when it holds none) or {@code bean:<name>} (what the
   * {@code @Named} CDI bean implementing {@link IdempotencyKeyResolver} computes from the request,
   * after the body is read the same way; a name that selects no bean or several fails the
   * deployment). Empty (the default) is the request header {@code fenced.idempotency.header},
   * {@code Idempotency-Key}. A key read from a header is the client's own, one record per caller
   * whatever method it reaches; a key read from a query or path parameter or a body field (an order
   * id), or computed by a resolver bean from them, belongs to the method: the same id on two
   * methods is two records. A parameter value or a resolved key is validated as a header key is (1
   * to 255 printable ASCII characters, after URL decoding); a parameter sent twice is refused.
   * JAX-RS resource methods only (others take an {@link IdempotencyKey} parameter, and a JMS {@code
   * MessageListener} may use its message's default key): on another method the deployment fails.
   *
   * @return the key source, or empty for the key header
   */
  @Nonbinding
  String keyFrom() default "";

  /**
   * Response headers stored and replayed in addition to {@code Location}, {@code Content-Type},
   * {@code Content-Language}, {@code Content-Location}, {@code ETag} and {@code Last-Modified}.
   * Names are case-insensitive; {@code Set-Cookie} is refused at deployment.
   *
   * @return header names to add to the replay allowlist, empty by default
   */
  @Nonbinding
  String[] replayHeaders() default {};

  /**
   * Fields of a JSON request body that the fingerprint leaves out, as RFC 6901 JSON pointers
   * ({@code /requestedAt}, {@code /meta/traceId}, {@code /items/0/note}): two requests that differ
   * only there are the same request (a replay), not a reuse of the key (422). The HTTP method, the
   * path, the query and every other field still count. Applies to bodies of type {@code
   * application/json} or {@code *}{@code /*+json} that parse as JSON; a pointer that names nothing
   * in a body is skipped. On an EJB, CDI or message-driven bean method and a GraphQL mutation,
   * whose fingerprint is its arguments, the pointers apply to each argument as JSON-B writes it
   * (and to a JMS message's body when it is JSON text), so a republished event with a new timestamp
   * is a replay. Config: {@code fenced.idempotency.ignored-fields} (comma-separated) adds to every
   * resource method's list (not to the others: it is meant for request bodies).
   *
   * @return JSON pointers, each starting with {@code /}; empty by default
   */
  @Nonbinding
  String[] ignoredFields() default {};

  /**
   * The name of a CDI bean implementing {@link RequestBodyFingerprint} that picks the part of the
   * request body the fingerprint counts, for bodies {@link #ignoredFields()} cannot describe (a
   * multipart body with a random boundary). Empty (the default) counts the whole body. JAX-RS
   * resource methods only, and not together with {@code ignoredFields}: either fails the
   * deployment, as does a name that selects no bean or several.
   *
   * @return the bean's {@code @Named} name, or empty
   */
  @Nonbinding
  String bodyFingerprint() default "";

  /**
   * Which outcomes are stored; the others release the key so a retry runs the method again. Default
   * {@link StoreIf#NOT_SERVER_ERROR}.
   *
   * @return the storage policy
   */
  @Nonbinding
  StoreIf storeIf() default StoreIf.NOT_SERVER_ERROR;

  /**
   * HTTP statuses stored and replayed whatever {@link #storeIf()} says, for a 5xx that means "the
   * side effect happened" ({@code storeStatuses = 502} after a payment provider charged the card
   * and the next step failed, so a retry is answered instead of charging again). Each is 100 to
   * 599. JAX-RS resource methods only: on another method the deployment fails (use {@link
   * #storeOn()}). Config: a comma-separated list ({@code
   * <class>/<method>/Idempotent/storeStatuses=502,504}).
   *
   * @return statuses to store in addition to those {@code storeIf} stores; empty by default
   */
  @Nonbinding
  int[] storeStatuses() default {};

  /**
   * Exceptions that are the method's outcome, stored and replayed whatever {@link #storeIf()} says,
   * with their subclasses: the one exception that says "the side effect happened, then something
   * failed" ({@code ChargeCapturedException}). On an EJB, CDI, MDB method or a GraphQL mutation, a
   * replay throws an exception of the stored class again with the stored message (rebuilt through
   * its public {@code (String)} constructor, else its public no-argument one; each listed class
   * must have one, or the deployment fails); its cause and stack trace are not kept. On a JAX-RS
   * resource method, the response made from it (by an {@code ExceptionMapper}, or a {@code
   * WebApplicationException}'s own) is stored whatever its status. A stored exception is recorded
   * when the transaction ends, whether it commits or rolls back (the exception usually rolls it
   * back; what happened outside it, the charge, did not), even with {@code
   * fenced.idempotency.commit=with-work}. Not for a method MicroProfile Fault Tolerance shapes:
   * what it answers is Fault Tolerance's, a replay could not give it back. Config: a
   * comma-separated list of class names.
   *
   * @return exception classes to store and replay; empty by default
   */
  @Nonbinding
  Class<? extends Exception>[] storeOn() default {};

  /**
   * The {@code Retry-After} hint of a 409 {@code IDEMPOTENCY_KEY_IN_USE} (JAX-RS) or of the error
   * extension (GraphQL), rounded up to whole seconds: about how long the method usually runs. Must
   * be positive. Empty inherits {@code fenced.idempotency.retry-after}, default {@code 1s}.
   *
   * @return a duration string, or empty to inherit
   */
  @Nonbinding
  String retryAfter() default "";

  /**
   * What a non-HTTP duplicate does while the first execution runs. HTTP duplicates always get 409.
   * Default {@link OnConflict#REJECT}.
   *
   * @return the conflict policy
   */
  @Nonbinding
  OnConflict onConflict() default OnConflict.REJECT;

  /**
   * With {@link OnConflict#WAIT}, how long a duplicate waits for the first execution before it
   * throws {@code IDEMPOTENCY_WAIT_TIMEOUT}. Must be positive. Empty means the lock ttl.
   *
   * @return a duration string, or empty to inherit
   */
  @Nonbinding
  String waitTimeout() default "";

  /** The {@link #scope()} value that shares one scope between all callers. */
  String GLOBAL_SCOPE = "global";
}
