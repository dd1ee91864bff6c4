package dev.fenced.tck.encryption.common;

import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Counts {@code IdempotencyRejected} events in {@link Invocations}, by code: {@code
 * rejected:<CODE>}.
 */
@ApplicationScoped
public class Rejections {

  @Inject Invocations invocations;

  void rejected(@Observes IdempotencyRejected event) {
    invocations.increment("rejected:" + event.code().name());
  }
}
