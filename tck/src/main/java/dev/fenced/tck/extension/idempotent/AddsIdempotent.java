package dev.fenced.tck.extension.idempotent;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;

/**
 * The application's portable extension: adds {@code @Idempotent(required = true, replayHeaders =
 * "X-Ledger-Run")} to {@link LedgerResource#record} through {@code configureAnnotatedType()}.
 */
public class AddsIdempotent implements Extension {

  void addIdempotent(@Observes ProcessAnnotatedType<LedgerResource> event) {
    event
        .configureAnnotatedType()
        .filterMethods(method -> method.getJavaMember().getName().equals("record"))
        .forEach(method -> method.add(new IdempotentLiteral(true, LedgerResource.RUN_HEADER)));
  }
}
