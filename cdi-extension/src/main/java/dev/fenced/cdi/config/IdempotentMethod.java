package dev.fenced.cdi.config;

import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * Everything Fenced needs to guard one {@code @Idempotent} method, resolved from the annotations
 * and MicroProfile Config and validated once at deployment. Immutable.
 *
 * @param className the fully qualified bean class name
 * @param methodName the method name
 * @param http whether it is a JAX-RS resource method (the key comes from a header)
 * @param ttl how long a completed outcome is kept
 * @param lockTtl how long an in-flight lock lives without renewal
 * @param required whether an HTTP request without a key is refused (400)
 * @param scope empty for the caller principal, {@code global}, or a resolver bean's name
 * @param replayHeaders lower-case names of the response headers stored and replayed
 * @param storeIf which outcomes are stored
 * @param onConflict what a non-HTTP duplicate does while the first runs
 * @param waitTimeout how long a waiting duplicate waits
 * @param retryAfter the {@code Retry-After} hint of a 409
 * @param header the name of the HTTP request header holding the key
 * @param keyParameter the index of the {@code @IdempotencyKey} parameter, or -1 for HTTP methods
 * @param keyPath the property path into that parameter, empty for the parameter itself
 * @param returnType the method's generic return type, for storing and replaying its value
 */
public record IdempotentMethod(
    String className,
    String methodName,
    boolean http,
    Duration ttl,
    Duration lockTtl,
    boolean required,
    String scope,
    Set<String> replayHeaders,
    StoreIf storeIf,
    OnConflict onConflict,
    Duration waitTimeout,
    Duration retryAfter,
    String header,
    int keyParameter,
    String keyPath,
    Type returnType) {

  /** The response headers every HTTP method replays, lower case. */
  public static final Set<String> DEFAULT_REPLAY_HEADERS =
      Set.of(
          "location",
          "content-type",
          "content-language",
          "content-location",
          "etag",
          "last-modified");

  /**
   * Validates the components.
   *
   * @param className never {@code null}
   * @param methodName never {@code null}
   * @param http whether it is a JAX-RS resource method
   * @param ttl positive
   * @param lockTtl positive
   * @param required whether a key is required
   * @param scope never {@code null}
   * @param replayHeaders never {@code null}; copied
   * @param storeIf never {@code null}
   * @param onConflict never {@code null}
   * @param waitTimeout positive
   * @param retryAfter positive
   * @param header never {@code null}
   * @param keyParameter -1 or a parameter index
   * @param keyPath never {@code null}
   * @param returnType never {@code null}
   */
  public IdempotentMethod {
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(ttl, "ttl");
    Objects.requireNonNull(lockTtl, "lockTtl");
    Objects.requireNonNull(scope, "scope");
    replayHeaders = Set.copyOf(replayHeaders);
    Objects.requireNonNull(storeIf, "storeIf");
    Objects.requireNonNull(onConflict, "onConflict");
    Objects.requireNonNull(waitTimeout, "waitTimeout");
    Objects.requireNonNull(retryAfter, "retryAfter");
    Objects.requireNonNull(header, "header");
    Objects.requireNonNull(keyPath, "keyPath");
    Objects.requireNonNull(returnType, "returnType");
  }

  /**
   * The target as events and logs name it.
   *
   * @return {@code com.example.Pay.pay}
   */
  public String target() {
    return className + "." + methodName;
  }
}
