package dev.fenced.tck.leader.callback;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Competes for {@value #KEY} with a 900 ms lease; its first {@code onLeadershipAcquired} throws,
 * later ones succeed.
 */
@ApplicationScoped
@LeaderElection(value = FlakyLeader.KEY, ttl = "900ms")
public class FlakyLeader implements OnLeadershipAcquired, OnLeadershipLost {

  /** The election key. */
  public static final String KEY = "tck:flaky-leader";

  private final List<Lock> leases = new CopyOnWriteArrayList<>();
  private final List<LeadershipLost.Reason> losses = new CopyOnWriteArrayList<>();

  @Override
  public void onLeadershipAcquired(Lock lease) {
    leases.add(lease);
    if (leases.size() == 1) {
      throw new IllegalStateException("the first term fails to start");
    }
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
