package dev.fenced.cdi.call;

import dev.fenced.cdi.model.IdempotentMethod;

/**
 * The scope of a non-HTTP call, resolved when the call is made: whose keys it may meet. An EJB or
 * CDI method, an observer or a message-driven bean gets the same three forms as a JAX-RS resource:
 * the container's caller principal by default, one global scope with {@code scope = "global"}, or
 * what a named {@code IdempotencyScopeResolver} returns. A call the container runs without a caller
 * (a timer, a message without a run-as identity) is unauthenticated and gets the global scope.
 */
public interface CallScopes {

  /**
   * The scope of a call to a guarded bean method.
   *
   * @param method the method's validated model
   * @return the scope; empty is the global scope
   */
  String forMethod(IdempotentMethod method);

  /**
   * The scope of a programmatic {@code Idempotency.execute} call: the caller principal's name.
   *
   * @return the scope; empty is the global scope
   */
  String forCaller();
}
