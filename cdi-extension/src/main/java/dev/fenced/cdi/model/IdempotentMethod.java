package dev.fenced.cdi.model;

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
 * method uses is in its {@link Http} kind, what only a plain call uses in its {@link Call} kind.
 *
 * @param className the fully qualified bean class name
 * @param methodName the method name
 * @param ttl how long a completed outcome is kept
 * @param lockTtl how long an in-flight lock lives without renewal
 * @param scope empty for the caller principal, {@code global}, or a resolver bean's name
 * @param storeIf which outcomes are stored
 * @param kind the HTTP or plain-call part
 */
public record IdempotentMethod(
    String className,
    String methodName,
    Duration ttl,
    Duration lockTtl,
    String scope,
    StoreIf storeIf,
    Kind kind) {

  /** What only one kind of method uses. */
  public sealed interface Kind permits Http, Call {}

  /**
   * A JAX-RS resource method: the key comes from a request header, and the JAX-RS layer (not the
   * interceptor) guards it.
   *
   * @param required whether a request without a key is refused (400)
   * @param header the name of the request header holding the key
   * @param replayHeaders lower-case names of the response headers stored and replayed
   * @param retryAfter the {@code Retry-After} hint of a 409
   * @param ignoredFields JSON pointers of the body fields the fingerprint leaves out
   * @param bodyFingerprint the name of the {@code RequestBodyFingerprint} bean that picks the part
   *     of the body the fingerprint counts, or empty for the whole body
   */
  public record Http(
      boolean required,
      String header,
      Set<String> replayHeaders,
      Duration retryAfter,
      List<String> ignoredFields,
      String bodyFingerprint)
      implements Kind {

    /**
     * Validates the components.
     *
     * @param required whether a key is required
     * @param header never {@code null}
     * @param replayHeaders never {@code null}; copied
     * @param retryAfter never {@code null}
     * @param ignoredFields never {@code null}; copied
     * @param bodyFingerprint never {@code null}
     */
    public Http {
      Objects.requireNonNull(header, "header");
      replayHeaders = Set.copyOf(replayHeaders);
      Objects.requireNonNull(retryAfter, "retryAfter");
      ignoredFields = List.copyOf(ignoredFields);
      Objects.requireNonNull(bodyFingerprint, "bodyFingerprint");
    }

    /**
     * A method whose fingerprint counts the whole body.
     *
     * @param required whether a key is required
     * @param header never {@code null}
     * @param replayHeaders never {@code null}; copied
     * @param retryAfter never {@code null}
     */
    public Http(boolean required, String header, Set<String> replayHeaders, Duration retryAfter) {
      this(required, header, replayHeaders, retryAfter, List.of(), "");
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
   * A plain call (an EJB, a CDI bean method, an observer): the key is an argument, and the
   * interceptor guards it.
   *
   * @param keyParameter the index of the {@code @IdempotencyKey} parameter
   * @param keyPath the compiled property path into that parameter
   * @param parameterTypes the method's generic parameter types, for fingerprinting the arguments
   * @param returnType the generic type of the value stored and replayed: the method's return type,
   *     or the {@code T} of a staged method's {@code CompletionStage<T>}
   * @param onConflict what a duplicate does while the first runs
   * @param waitTimeout how long a waiting duplicate waits
   * @param staged whether the method returns a {@code CompletionStage} (or {@code
   *     CompletableFuture}) whose value is recorded when it completes ({@link ReturnedValue})
   */
  public record Call(
      int keyParameter,
      KeyPath keyPath,
      List<Type> parameterTypes,
      Type returnType,
      OnConflict onConflict,
      Duration waitTimeout,
      boolean staged)
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
     */
    public Call {
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
   * Validates the components.
   *
   * @param className never {@code null}
   * @param methodName never {@code null}
   * @param ttl never {@code null}
   * @param lockTtl never {@code null}
   * @param scope never {@code null}
   * @param storeIf never {@code null}
   * @param kind never {@code null}
   */
  public IdempotentMethod {
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(ttl, "ttl");
    Objects.requireNonNull(lockTtl, "lockTtl");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(storeIf, "storeIf");
    Objects.requireNonNull(kind, "kind");
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
   * The plain-call part of a method that is not a JAX-RS resource method.
   *
   * @return the part
   * @throws IllegalStateException when this is a JAX-RS resource method
   */
  public Call call() {
    if (kind instanceof Call call) {
      return call;
    }
    throw new IllegalStateException(target() + " is a JAX-RS resource method");
  }
}
