package dev.fenced.tck.extension.leader;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;

/**
 * The application's portable extension: adds {@code @LeaderElection(value = Coordinator.KEY, ttl =
 * Coordinator.TTL)} to {@link Coordinator} through {@code configureAnnotatedType()}.
 */
public class AddsLeaderElection implements Extension {

  void addLeaderElection(@Observes ProcessAnnotatedType<Coordinator> event) {
    event.configureAnnotatedType().add(new LeaderElectionLiteral(Coordinator.KEY, Coordinator.TTL));
  }
}
