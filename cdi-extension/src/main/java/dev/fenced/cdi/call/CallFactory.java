package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyKeys;
import dev.fenced.core.idempotency.IgnoredFields;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.idempotency.StoreIf;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Resolves a call to guard: from an {@code @Idempotent} bean method and its arguments, or from a
 * programmatic {@link Idempotency#execute} call.
 *
 * <p>A bean method's key is its {@code @IdempotencyKey} argument, or a JMS listener's message's
 * default key ({@link JmsMessageKey}). Its record key is {@code <scope>:<key>:<bean
 * class>.<method>} (in the global scope {@code <key>:<bean class>.<method>}), the scope resolved by
 * {@link CallScopes#forMethod}; its fingerprint the target and the arguments ({@link
 * ArgumentFingerprints}). A programmatic call's record key is {@code
 * <scope>:<key>:dev.fenced.idempotency.Idempotency.execute}, one namespace for every programmatic
 * caller of the application within the caller's scope ({@link CallScopes#forCaller}), and its
 * fingerprint the target and the result type's name, so two callers that share a key with different
 * result types get {@code IDEMPOTENCY_KEY_REUSED} instead of each other's value; with a payload
 * ({@code IdempotencyOptions.withPayload}), the target, the result type's name and the payload
 * ({@link ArgumentFingerprints#ofPayload}), so a repeat with another payload gets it too.
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
   * @return the call, or empty when a JMS listener's message holds no default key and none is
   *     required: the listener then runs unguarded
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED} or {@code
   *     IDEMPOTENCY_KEY_INVALID}
   */
  public Optional<GuardedCall> forMethod(IdempotentMethod method, Object[] args) {
    IdempotentMethod.Call call = method.call();
    String key;
    if (call.messageDefaultKey()) {
      String found = JmsMessageKey.of(args[call.keyParameter()]);
      if (found == null) {
        if (call.required()) {
          throw new IdempotencyException(
              ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
              "The message has no idempotency key (neither a JSON body with a top-level \""
                  + JmsMessageKey.NAME
                  + "\" member, a map entry of that name, nor a message property of that name),"
                  + " and "
                  + method.target()
                  + " requires one; send each message with its key");
        }
        return Optional.empty();
      }
      key = IdempotencyKeys.validate(found);
    } else {
      key = CallKeys.read(args[call.keyParameter()], call.keyPath());
    }
    return Optional.of(forKey(method, args, key));
  }

  private GuardedCall forKey(IdempotentMethod method, Object[] args, String key) {
    IdempotentMethod.Call call = method.call();
    return new GuardedCall(
        method.target(),
        key,
        RecordKey.method(scopes.forMethod(method), key, method.className(), method.methodName()),
        arguments.of(
            method.target(),
            call.parameterTypes().toArray(Type[]::new),
            args,
            IgnoredFields.of(call.ignoredFields())),
        new ExecutionOptions(method.ttl(), method.lockTtl(), call.onConflict(), call.waitTimeout()),
        call.returnType(),
        method.storeIf(),
        call.staged(),
        ExceptionReplay.of(method.storeOn(), FailureOutcomes.NONE));
  }

  /**
   * The key of a guarded GraphQL mutation: its key argument, or the request header.
   *
   * @param mutation the mutation's model
   * @param args the arguments
   * @param field the field it runs for
   * @return the valid key, or empty when there is none and none is required (the mutation runs
   *     unguarded, as an HTTP request without a key does)
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED} or {@code
   *     IDEMPOTENCY_KEY_INVALID}
   */
  public Optional<String> mutationKey(
      IdempotentMethod.Mutation mutation, Object[] args, MutationField field) {
    if (mutation.keyIsArgument()) {
      Object value = mutation.keyPath().read(args[mutation.keyParameter()]);
      if (value != null) {
        return Optional.of(IdempotencyKeys.validate(value.toString()));
      }
    } else {
      Optional<String> header = field.header(mutation.header());
      if (header.isPresent()) {
        return Optional.of(IdempotencyKeys.fromHeader(header.get()));
      }
    }
    if (mutation.required()) {
      throw new IdempotencyException(
          ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
          (mutation.keyIsArgument()
                  ? "The mutation's key argument is null"
                  : "The GraphQL request has no " + mutation.header() + " header")
              + "; the mutation "
              + mutation.fieldName()
              + " needs an idempotency key");
    }
    return Optional.empty();
  }

  /**
   * What events, metrics and logs name a GraphQL mutation's calls: its operation type and field, as
   * an HTTP call is named by its method and path.
   *
   * @param mutation the mutation's model
   * @return {@code mutation <field name>}, e.g. {@code mutation payOrder}
   */
  public static String target(IdempotentMethod.Mutation mutation) {
    return "mutation " + mutation.fieldName();
  }

  /**
   * The call of a guarded GraphQL mutation: its record key holds the field's response key, its
   * fingerprint the field name and the arguments but the key argument.
   *
   * @param method the method's validated model, of the {@link IdempotentMethod.Mutation} kind
   * @param args the arguments
   * @param key the valid key ({@link #mutationKey})
   * @param field the field it runs for
   * @return the call
   */
  public GuardedCall forMutation(
      IdempotentMethod method, Object[] args, String key, MutationField field) {
    IdempotentMethod.Mutation mutation = method.mutation();
    List<Type> types = new ArrayList<>(mutation.parameterTypes());
    List<Object> counted = new ArrayList<>(Arrays.asList(args));
    if (mutation.keyIsArgument() && mutation.keyPath().toString().isEmpty()) {
      types.remove(mutation.keyParameter());
      counted.remove(mutation.keyParameter());
    }
    return new GuardedCall(
        target(mutation),
        key,
        RecordKey.field(
            scopes.forMethod(method),
            key,
            method.className(),
            method.methodName(),
            field.responseKey()),
        arguments.of(
            mutation.fieldName(),
            types.toArray(Type[]::new),
            counted.toArray(),
            IgnoredFields.of(mutation.ignoredFields())),
        new ExecutionOptions(
            method.ttl(), method.lockTtl(), mutation.onConflict(), mutation.waitTimeout()),
        mutation.returnType(),
        method.storeIf(),
        mutation.staged(),
        ExceptionReplay.of(method.storeOn(), field.failures()));
  }

  /**
   * The call of {@link Idempotency#execute}.
   *
   * @param key the caller's key
   * @param options the caller's options; unset durations take the global settings
   * @return the call
   * @throws IdempotencyException {@code IDEMPOTENCY_KEY_REQUIRED}, {@code IDEMPOTENCY_KEY_INVALID}
   *     or, for a payload JSON-B cannot write, {@code IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE}
   */
  public GuardedCall forProgrammatic(String key, IdempotencyOptions options) {
    String valid = CallKeys.require(key);
    Duration lockTtl = options.lockTtl().orElse(settings.lockTtl());
    Duration waitTimeout = options.waitTimeout().or(settings::waitTimeout).orElse(lockTtl);
    return new GuardedCall(
        PROGRAMMATIC_TARGET,
        valid,
        RecordKey.method(scopes.forCaller(), valid, Idempotency.class.getName(), "execute"),
        options
            .payload()
            .map(
                payload ->
                    arguments.ofPayload(
                        PROGRAMMATIC_TARGET,
                        options.resultType(),
                        payload,
                        options.ignoredFields()))
            .orElseGet(
                () ->
                    fingerprints.ofCall(
                        PROGRAMMATIC_TARGET,
                        options.resultType().getTypeName().getBytes(StandardCharsets.UTF_8))),
        new ExecutionOptions(
            options.ttl().orElse(settings.ttl()), lockTtl, options.onConflict(), waitTimeout),
        options.resultType(),
        StoreIf.NOT_SERVER_ERROR);
  }
}
