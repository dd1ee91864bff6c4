package dev.fenced.idempotency;

/**
 * Names the scope of an idempotency key, so keys of different scopes never meet.
 *
 * <p>Implement it as a named CDI bean and select it with {@link Idempotent#scope()}. The scope is
 * percent-encoded into the record key, so any string is safe.
 */
@FunctionalInterface
public interface IdempotencyScopeResolver {

  /**
   * The scope of the current request.
   *
   * @return the scope, never {@code null}; an empty string is the global scope
   */
  String currentScope();
}
