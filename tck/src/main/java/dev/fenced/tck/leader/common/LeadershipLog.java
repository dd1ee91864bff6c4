package dev.fenced.tck.leader.common;

import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Observes the leadership events of the deployment. */
@ApplicationScoped
public class LeadershipLog {

  private final List<LeadershipAcquired> acquired = new CopyOnWriteArrayList<>();
  private final List<LeadershipLost> lost = new CopyOnWriteArrayList<>();

  void onAcquired(@Observes LeadershipAcquired event) {
    acquired.add(event);
  }

  void onLost(@Observes LeadershipLost event) {
    lost.add(event);
  }

  /**
   * The {@link LeadershipAcquired} events so far.
   *
   * @return a snapshot, oldest first
   */
  public List<LeadershipAcquired> acquired() {
    return List.copyOf(acquired);
  }

  /**
   * The {@link LeadershipLost} events so far.
   *
   * @return a snapshot, oldest first
   */
  public List<LeadershipLost> lost() {
    return List.copyOf(lost);
  }
}
