package dev.fenced.cdi;

import dev.fenced.cdi.config.IdempotentMethod;
import dev.fenced.cdi.config.KeyPath;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.Optional;

/**
 * A guarded bean method as the interceptor needs it: its validated model, the method, and the
 * compiled path to its key (non-HTTP methods only).
 *
 * @param model the validated settings
 * @param method the bean method
 * @param keyPath the path into the {@code @IdempotencyKey} argument; empty for JAX-RS methods
 */
public record GuardedMethod(IdempotentMethod model, Method method, Optional<KeyPath> keyPath) {

  /**
   * Validates the components.
   *
   * @param model never {@code null}
   * @param method never {@code null}
   * @param keyPath present exactly for non-HTTP methods
   */
  public GuardedMethod {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(keyPath, "keyPath");
    if (model.http() == keyPath.isPresent()) {
      throw new IllegalArgumentException("a key path belongs to non-HTTP methods only");
    }
  }

  /**
   * Builds the entry of a model read from {@code method}.
   *
   * @param model the validated model
   * @param method the method it was read from
   * @return the entry, its key path compiled against the key parameter's type
   */
  public static GuardedMethod of(IdempotentMethod model, Method method) {
    if (model.http()) {
      return new GuardedMethod(model, method, Optional.empty());
    }
    Class<?> keyType = method.getParameterTypes()[model.keyParameter()];
    return new GuardedMethod(model, method, Optional.of(KeyPath.compile(keyType, model.keyPath())));
  }
}
