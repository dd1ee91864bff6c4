package dev.fenced.cdi.model;

import dev.fenced.core.idempotency.StoragePolicy;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything Fenced needs to guard one {@code @Idempotent} method, resolved from the annotations
 * and MicroProfile Config and validated once at deployment. Immutable. What only a JAX-RS resource
 * method uses is in its {@link Http} kind, what only a plain call uses in its {@link Call} kind,
 * what only a GraphQL mutation uses in its {@link Mutation} kind.
 *
 * @param className the fully qualified bean class name
 * @param methodName the method name
 * @param ttl how long a completed outcome is kept
 * @param lockTtl how long an in-flight lock lives without renewal
 * @param scope empty for the caller principal, {@code global}, or a resolver bean's name
 * @param storeIf which outcomes are stored
 * @param storeStatuses the HTTP statuses stored whatever {@code storeIf} says (JAX-RS only)
 * @param storeOn the exceptions stored and replayed whatever {@code storeIf} says, with their
 *     subclasses
 * @param kind the HTTP or plain-call part
 */
public record IdempotentMethod(
    String className,
    String methodName,
    Duration ttl,
    Duration lockTtl,
    String scope,
    StoreIf storeIf,
    Set<Integer> storeStatuses,
    List<Class<? extends Exception>> storeOn,
    Kind kind) {

  /** What only one kind of method uses. */
  public sealed interface Kind permits Http, Call, Mutation {}

  /**
   * A JAX-RS resource method: the key comes from a request header, and the JAX-RS layer (not the
   * interceptor) guards it.
   *
   * @param required whether a request without a key is refused (400)
   * @param keySource where the key comes from: a request header, a query or a path parameter
   * @param replayHeaders lower-case names of the response headers stored and replayed
   * @param retryAfter the {@code Retry-After} hint of a 409
   * @param ignoredFields JSON pointers of the body fields the fingerprint leaves out
   * @param bodyFingerprint the name of the {@code RequestBodyFingerprint} bean that picks the part
   *     of the body the fingerprint counts, or empty for the whole body
   */
  public record Http(
      boolean required,
      KeySource keySource,
      Set<String> replayHeaders,
      Duration retryAfter,
      List<String> ignoredFields,
      String bodyFingerprint)
      implements Kind {

    /**
     * Validates the components.
     *
     * @param required whether a key is required
     * @param keySource never {@code null}
     * @param replayHeaders never {@code null}; copied
     * @param retryAfter never {@code null}
     * @param ignoredFields never {@code null}; copied
     * @param bodyFingerprint never {@code null}
     */
    public Http {
      Objects.requireNonNull(keySource, "keySource");
      replayHeaders = Set.copyOf(replayHeaders);
      Objects.requireNonNull(retryAfter, "retryAfter");
      ignoredFields = List.copyOf(ignoredFields);
      Objects.requireNonNull(bodyFingerprint, "bodyFingerprint");
    }

    /**
     * A method whose fingerprint counts the whole body.
     *
     * @param required whether a key is required
     * @param header the name of the request header holding the key
     * @param replayHeaders never {@code null}; copied
     * @param retryAfter never {@code null}
     */
    public Http(boolean required, String header, Set<String> replayHeaders, Duration retryAfter) {
      this(required, KeySource.header(header), replayHeaders, retryAfter, List.of(), "");
    }

    /**
     * Whether the fingerprint counts the whole body as received (JSON in canonical form).
     *
     * @return {@code false} when fields are ignored or a bean picks the part that counts
     */
    public boolean wholeBody() {
      return ignoredFields.isEmpty() && bodyFingerprint.isEmpty();
    }
  }

  /**
   * A plain call (an EJB, a CDI bean method, an observer, a JMS listener): the key is an argument,
   * and the interceptor guards it.
   *
   * @param keyParameter the index of the {@code @IdempotencyKey} parameter, or of the message of a
   *     listener that takes its message's default key
   * @param keyPath the compiled property path into that parameter (the parameter itself for a
   *     message's default key)
   * @param parameterTypes the method's generic parameter types, for fingerprinting the arguments
   * @param returnType the generic type of the value stored and replayed: the method's return type,
   *     or the {@code T} of a staged method's {@code CompletionStage<T>}
   * @param onConflict what a duplicate does while the first runs
   * @param waitTimeout how long a waiting duplicate waits
   * @param staged whether the method returns a {@code CompletionStage} (or {@code
   *     CompletableFuture}) whose value is recorded when it completes ({@link ReturnedValue})
   * @param ignoredFields JSON pointers of the fields of each argument the fingerprint leaves out
   * @param messageDefaultKey whether the key is the message's default key (a JMS {@code
   *     MessageListener.onMessage} without an {@code @IdempotencyKey} parameter): its body's
   *     top-level {@code idempotencyKey}, else its {@code idempotencyKey} property
   * @param required with {@code messageDefaultKey}, whether a message without a key is refused
   *     ({@code IDEMPOTENCY_KEY_REQUIRED}) rather than handled unguarded; an {@code IdempotencyKey}
   *     parameter always needs a key
   */
  public record Call(
      int keyParameter,
      KeyPath keyPath,
      List<Type> parameterTypes,
      Type returnType,
      OnConflict onConflict,
      Duration waitTimeout,
      boolean staged,
      List<String> ignoredFields,
      boolean messageDefaultKey,
      boolean required)
      implements Kind {

    /**
     * Validates the components.
     *
     * @param keyParameter a parameter index
     * @param keyPath never {@code null}
     * @param parameterTypes never {@code null}; copied
     * @param returnType never {@code null}
     * @param onConflict never {@code null}
     * @param waitTimeout never {@code null}
     * @param staged whether the method returns a stage
     * @param ignoredFields never {@code null}; copied
     * @param messageDefaultKey whether the key is the message's default key
     * @param required whether a message without a default key is refused
     */
    public Call {
      ignoredFields = List.copyOf(ignoredFields);
      Objects.requireNonNull(keyPath, "keyPath");
      parameterTypes = List.copyOf(parameterTypes);
      if (keyParameter < 0 || keyParameter >= parameterTypes.size()) {
        throw new IllegalArgumentException("keyParameter " + keyParameter);
      }
      Objects.requireNonNull(returnType, "returnType");
      Objects.requireNonNull(onConflict, "onConflict");
      Objects.requireNonNull(waitTimeout, "waitTimeout");
    }
  }

  /**
   * A MicroProfile GraphQL {@code @Mutation}: the key is an argument of the field, or the GraphQL
   * request's header; the interceptor guards it, with {@code fenced-graphql} telling which field of
   * the operation it runs for and turning refusals into GraphQL errors on that field.
   *
   * @param fieldName the mutation's name in the schema
   * @param keyParameter the index of the parameter holding the key, or {@code -1} when the key
   *     comes from the request header
   * @param keyPath the compiled property path into that parameter ({@link KeyPath#WHOLE} for the
   *     header)
   * @param header the name of the request header holding the key when no argument does
   * @param required whether a mutation without a key is refused before it runs
   * @param parameterTypes the method's generic parameter types, for fingerprinting the arguments
   * @param returnType the generic type of the value stored and replayed
   * @param onConflict what a duplicate does while the first runs
   * @param waitTimeout how long a waiting duplicate waits
   * @param retryAfter the {@code retryAfter} hint of an in-use refusal
   * @param staged whether the method returns a {@code CompletionStage} (or {@code
   *     CompletableFuture}) whose value is recorded when it completes ({@link ReturnedValue})
   * @param ignoredFields JSON pointers of the fields of each argument the fingerprint leaves out
   */
  public record Mutation(
      String fieldName,
      int keyParameter,
      KeyPath keyPath,
      String header,
      boolean required,
      List<Type> parameterTypes,
      Type returnType,
      OnConflict onConflict,
      Duration waitTimeout,
      Duration retryAfter,
      boolean staged,
      List<String> ignoredFields)
      implements Kind {

    /**
     * Validates the components.
     *
     * @param fieldName never {@code null}
     * @param keyParameter a parameter index, or {@code -1}
     * @param keyPath never {@code null}
     * @param header never {@code null}
     * @param required whether a key is required
     * @param parameterTypes never {@code null}; copied
     * @param returnType never {@code null}
     * @param onConflict never {@code null}
     * @param waitTimeout never {@code null}
     * @param retryAfter never {@code null}
     * @param staged whether the method returns a stage
     * @param ignoredFields never {@code null}; copied
     */
    public Mutation {
      ignoredFields = List.copyOf(ignoredFields);
      Objects.requireNonNull(fieldName, "fieldName");
      Objects.requireNonNull(keyPath, "keyPath");
      Objects.requireNonNull(header, "header");
      parameterTypes = List.copyOf(parameterTypes);
      if (keyParameter < -1 || keyParameter >= parameterTypes.size()) {
        throw new IllegalArgumentException("keyParameter " + keyParameter);
      }
      Objects.requireNonNull(returnType, "returnType");
      Objects.requireNonNull(onConflict, "onConflict");
      Objects.requireNonNull(waitTimeout, "waitTimeout");
      Objects.requireNonNull(retryAfter, "retryAfter");
    }

    /**
     * Whether the key is an argument of the field rather than the request header.
     *
     * @return {@code true} when {@link #keyParameter()} names a parameter
     */
    public boolean keyIsArgument() {
      return keyParameter >= 0;
    }
  }

  /**
   * Validates the components.
   *
   * @param className never {@code null}
   * @param methodName never {@code null}
   * @param ttl never {@code null}
   * @param lockTtl never {@code null}
   * @param scope never {@code null}
   * @param storeIf never {@code null}
   * @param storeStatuses never {@code null}; copied
   * @param storeOn never {@code null}; copied
   * @param kind never {@code null}
   */
  public IdempotentMethod {
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(ttl, "ttl");
    Objects.requireNonNull(lockTtl, "lockTtl");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(storeIf, "storeIf");
    storeStatuses = Set.copyOf(storeStatuses);
    storeOn = List.copyOf(storeOn);
    Objects.requireNonNull(kind, "kind");
  }

  /**
   * A method that stores what {@code storeIf} says and nothing more.
   *
   * @param className never {@code null}
   * @param methodName never {@code null}
   * @param ttl never {@code null}
   * @param lockTtl never {@code null}
   * @param scope never {@code null}
   * @param storeIf never {@code null}
   * @param kind never {@code null}
   */
  public IdempotentMethod(
      String className,
      String methodName,
      Duration ttl,
      Duration lockTtl,
      String scope,
      StoreIf storeIf,
      Kind kind) {
    this(className, methodName, ttl, lockTtl, scope, storeIf, Set.of(), List.of(), kind);
  }

  /**
   * Which HTTP statuses are stored: those {@code storeIf} stores and the listed ones.
   *
   * @return the policy
   */
  public StoragePolicy storagePolicy() {
    return StoragePolicy.of(storeIf, storeStatuses);
  }

  /**
   * Whether an exception the method threw is one it chose to store ({@code storeOn}).
   *
   * @param thrown what the method threw
   * @return whether a listed class is its class or a superclass of it
   */
  public boolean storesException(Throwable thrown) {
    return storeOn.stream().anyMatch(type -> type.isInstance(thrown));
  }

  /**
   * The target as events and logs name it.
   *
   * @return {@code com.example.Pay.pay}
   */
  public String target() {
    return className + "." + methodName;
  }

  /**
   * The HTTP part of a JAX-RS resource method.
   *
   * @return the part
   * @throws IllegalStateException when this is a plain call
   */
  public Http http() {
    if (kind instanceof Http http) {
      return http;
    }
    throw new IllegalStateException(target() + " is not a JAX-RS resource method");
  }

  /**
   * The plain-call part of a method that is neither a JAX-RS resource method nor a GraphQL
   * mutation.
   *
   * @return the part
   * @throws IllegalStateException when this is not a plain call
   */
  public Call call() {
    if (kind instanceof Call call) {
      return call;
    }
    throw new IllegalStateException(target() + " is not a plain call");
  }

  /**
   * The GraphQL part of a mutation.
   *
   * @return the part
   * @throws IllegalStateException when this is not a GraphQL mutation
   */
  public Mutation mutation() {
    if (kind instanceof Mutation mutation) {
      return mutation;
    }
    throw new IllegalStateException(target() + " is not a GraphQL mutation");
  }
}
