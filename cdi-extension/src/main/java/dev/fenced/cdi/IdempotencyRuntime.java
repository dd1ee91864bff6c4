package dev.fenced.cdi;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.idempotency.IdempotencyKeyResolver;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Optional;

/**
 * What the adapters (the CDI interceptor, the JAX-RS filters, the programmatic {@code Idempotency}
 * bean) share at run time: the engine on the configured store, the validated per-method models,
 * scope resolution and the CDI events. One application-scoped bean implements it.
 */
public interface IdempotencyRuntime {

  /**
   * The engine on the configured store.
   *
   * @return the engine
   */
  IdempotencyEngine engine();

  /**
   * The fingerprint calculator of non-HTTP calls, and of HTTP requests that count the whole body.
   *
   * @return the calculator
   */
  FingerprintCalculator fingerprints();

  /**
   * The fingerprint calculator of a guarded method's requests: one that leaves its {@code
   * ignoredFields} out, or that asks its {@code bodyFingerprint} bean, else {@link
   * #fingerprints()}.
   *
   * @param method the guarded method
   * @return the calculator
   */
  FingerprintCalculator fingerprints(IdempotentMethod method);

  /**
   * The resolver bean a guarded resource method takes its key from ({@code keyFrom =
   * "bean:<name>"}), looked up once per method.
   *
   * @param method a guarded resource method whose key source is a resolver bean
   * @return the resolver
   */
  IdempotencyKeyResolver keyResolver(IdempotentMethod method);

  /**
   * The validated model of a guarded method, built at deployment.
   *
   * @param beanClass the bean or resource class (not a proxy subclass)
   * @param method the invoked method
   * @return the model, or empty when the method is not guarded
   */
  Optional<IdempotentMethod> idempotentMethod(Class<?> beanClass, Method method);

  /**
   * The scope of the current HTTP request for {@code method}: the principal's name by default,
   * empty (global) for unauthenticated calls or {@code scope = "global"}, or what the named
   * resolver bean says. Non-HTTP calls resolve theirs the same way, from the container's caller
   * principal ({@code CallScopes}).
   *
   * @param method the guarded method
   * @param principal the caller, or {@code null} when unauthenticated
   * @return the scope; empty is the global scope
   */
  String scope(IdempotentMethod method, Principal principal);

  /**
   * Fires {@code IdempotencyReplayed}.
   *
   * @param target what was called
   * @param key the caller's key
   */
  void replayed(String target, String key);

  /**
   * Fires {@code IdempotencyRejected}.
   *
   * @param target what was called
   * @param key the caller's key, or {@code null}
   * @param code why
   */
  void rejected(String target, String key, ErrorCode code);

  /**
   * Fires {@code IdempotencyLockLost}.
   *
   * @param target what was called
   * @param key the caller's key
   */
  void lockLost(String target, String key);
}
