package dev.fenced.cdi.call;

import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.idempotency.StoreIf;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * Resolves a call to guard: from an {@code @Idempotent} bean method and its arguments, or from a
 * programmatic {@link Idempotency#execute} call.
 *
 * <p>A bean method's record key is {@code <scope>:<key>:<bean class>.<method>} (in the global scope
 * {@code <key>:<bean class>.<method>}), the scope resolved by {@link CallScopes#forMethod}; its
 * fingerprint the target and the arguments ({@link ArgumentFingerprints}). A programmatic call's
 * record key is {@code <scope>:<key>:dev.fenced.idempotency.Idempotency.execute}, one namespace for
 * every programmatic caller of the application within the caller's scope ({@link
 * CallScopes#forCaller}), and its fingerprint the target and the result type's name, so two callers
 * that share a key with different result types get {@code IDEMPOTENCY_KEY_REUSED} instead of each
 * other's value.
 */
public final class CallFactory {

  /** The target of programmatic calls, in events, logs and record keys. */
  public static final String PROGRAMMATIC_TARGET = Idempotency.class.getName() + ".execute";

  private final ArgumentFingerprints arguments;
  private final FingerprintCalculator fingerprints;
  private final GlobalSettings settings;
  private final CallScopes scopes;

  /**
   * Creates a factory.
   *
   * @param arguments the fingerprints of bean method calls
   * @param fingerprints the fingerprints of programmatic calls
   * @param settings the global defaults of programmatic calls
   * @param scopes the scope of each call, resolved when it is made
   */
  public CallFactory(
      ArgumentFingerprints arguments,
      FingerprintCalculator fingerprints,
      GlobalSettings settings,
      CallScopes scopes) {
    this.arguments = Objects.requireNonNull(arguments, "arguments");
    this.fingerprints = Objects.requireNonNull(fingerprints, "fingerprints");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.scopes = Objects.requireNonNull(scopes, "scopes");
  }

  /**
   * The call of a guarded non-HTTP bean method.
   *
   * @param method the method's validated model, of the {@link IdempotentMethod.Call} kind
   * @param args the arguments
   * @return the call
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED} or {@code
   *     IDEMPOTENCY_KEY_INVALID}
   */
  public GuardedCall forMethod(IdempotentMethod method, Object[] args) {
    IdempotentMethod.Call call = method.call();
    String key = CallKeys.read(args[call.keyParameter()], call.keyPath());
    return new GuardedCall(
        method.target(),
        key,
        RecordKey.method(scopes.forMethod(method), key, method.className(), method.methodName()),
        arguments.of(method.target(), call.parameterTypes().toArray(Type[]::new), args),
        new ExecutionOptions(method.ttl(), method.lockTtl(), call.onConflict(), call.waitTimeout()),
        call.returnType(),
        method.storeIf(),
        call.staged());
  }

  /**
   * The call of {@link Idempotency#execute}.
   *
   * @param key the caller's key
   * @param options the caller's options; unset durations take the global settings
   * @return the call
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED} or {@code
   *     IDEMPOTENCY_KEY_INVALID}
   */
  public GuardedCall forProgrammatic(String key, IdempotencyOptions options) {
    String valid = CallKeys.require(key);
    Duration lockTtl = options.lockTtl().orElse(settings.lockTtl());
    Duration waitTimeout = options.waitTimeout().or(settings::waitTimeout).orElse(lockTtl);
    return new GuardedCall(
        PROGRAMMATIC_TARGET,
        valid,
        RecordKey.method(scopes.forCaller(), valid, Idempotency.class.getName(), "execute"),
        fingerprints.ofCall(
            PROGRAMMATIC_TARGET,
            options.resultType().getTypeName().getBytes(StandardCharsets.UTF_8)),
        new ExecutionOptions(
            options.ttl().orElse(settings.ttl()), lockTtl, options.onConflict(), waitTimeout),
        options.resultType(),
        StoreIf.NOT_SERVER_ERROR);
  }
}
