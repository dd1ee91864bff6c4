package dev.fenced.tck.leader.common;

import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The leadership callbacks of an election bean, recorded for the tests: a {@code @LeaderElection}
 * bean of a deployment extends it (and the deployment adds this class beside it).
 */
public abstract class RecordedCallbacks implements OnLeadershipAcquired, OnLeadershipLost {

  private final List<Lock> leases = new CopyOnWriteArrayList<>();
  private final List<LeadershipLost.Reason> losses = new CopyOnWriteArrayList<>();

  @Override
  public void onLeadershipAcquired(Lock lease) {
    leases.add(lease);
  }

  @Override
  public void onLeadershipLost(LeadershipLost.Reason reason) {
    losses.add(reason);
  }

  /**
   * The leases {@code onLeadershipAcquired} got, oldest first.
   *
   * @return a snapshot
   */
  public List<Lock> leases() {
    return List.copyOf(leases);
  }

  /**
   * The reasons {@code onLeadershipLost} got, oldest first.
   *
   * @return a snapshot
   */
  public List<LeadershipLost.Reason> losses() {
    return List.copyOf(losses);
  }
}
