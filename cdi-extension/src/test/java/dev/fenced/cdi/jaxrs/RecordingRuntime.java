package dev.fenced.cdi.jaxrs;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.IdempotencyRuntime;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.idempotency.IdempotencyKeyResolver;
import dev.fenced.idempotency.Idempotent;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The runtime as the filters see it: a real engine, the default scope rule, recorded events. */
class RecordingRuntime implements IdempotencyRuntime {

  private final IdempotencyEngine engine;
  private final FingerprintCalculator fingerprints = new FingerprintCalculator();
  final List<String> events = new ArrayList<>();
  IdempotencyKeyResolver keyResolver =
      request -> {
        throw new AssertionError("no key resolver");
      };

  RecordingRuntime(IdempotencyEngine engine) {
    this.engine = engine;
  }

  @Override
  public IdempotencyEngine engine() {
    return engine;
  }

  @Override
  public FingerprintCalculator fingerprints() {
    return fingerprints;
  }

  @Override
  public FingerprintCalculator fingerprints(IdempotentMethod method) {
    return method.http().wholeBody()
        ? fingerprints
        : FingerprintCalculator.ignoring(method.http().ignoredFields());
  }

  @Override
  public IdempotencyKeyResolver keyResolver(IdempotentMethod method) {
    return keyResolver;
  }

  @Override
  public Optional<IdempotentMethod> idempotentMethod(Class<?> beanClass, Method method) {
    return Optional.empty();
  }

  @Override
  public String scope(IdempotentMethod method, Principal principal) {
    return principal == null || Idempotent.GLOBAL_SCOPE.equals(method.scope())
        ? ""
        : principal.getName();
  }

  @Override
  public void replayed(String target, String key) {
    events.add("replayed " + target + " " + key);
  }

  @Override
  public void rejected(String target, String key, ErrorCode code) {
    events.add("rejected " + target + " " + key + " " + code);
  }

  @Override
  public void lockLost(String target, String key) {
    events.add("lockLost " + target + " " + key);
  }
}
