package dev.fenced.cdi;

import dev.fenced.cdi.call.RunControl;
import dev.fenced.cdi.jaxrs.RequestClaims;
import dev.fenced.idempotency.IdempotencyContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The injectable {@link IdempotencyContext}: the innermost non-HTTP call the current thread runs
 * while it holds its key (an {@code @Idempotent} bean method, a GraphQL mutation, {@code
 * Idempotency.execute}), else the claimed request of the current JAX-RS request, if any.
 */
@ApplicationScoped
public class CurrentIdempotencyContext implements IdempotencyContext {

  @Inject FencedIdempotencyRuntime runtime;

  @Override
  public Optional<String> key() {
    return current().map(RunControl::key);
  }

  @Override
  public void doNotStore() {
    current()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "IdempotencyContext.doNotStore() was called outside a guarded run: call it"
                        + " from the method of an @Idempotent bean or resource, or from the work"
                        + " of Idempotency.execute, on the thread that runs it"))
        .doNotStore();
  }

  @Override
  public boolean storingGivenUp() {
    return current().map(RunControl::storingGivenUp).orElse(false);
  }

  private Optional<RunControl> current() {
    return runtime.runner().runs().current().or(RequestClaims::currentRun);
  }
}
