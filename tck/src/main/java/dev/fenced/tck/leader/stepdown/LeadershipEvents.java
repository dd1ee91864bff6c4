package dev.fenced.tck.leader.stepdown;

import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.event.Observes;

/**
 * Reports the leadership events to the witness. {@code @Dependent}, so it can observe while the
 * application stops.
 */
@Dependent
public class LeadershipEvents {

  void onAcquired(@Observes LeadershipAcquired event) {
    Reporter.report("event acquired " + event.key() + " " + event.fencingToken());
  }

  void onLost(@Observes LeadershipLost event) {
    Reporter.report("event lost " + event.key() + " " + event.reason());
  }
}
