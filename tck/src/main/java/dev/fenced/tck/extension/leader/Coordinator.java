package dev.fenced.tck.extension.leader;

import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A bean with the leadership callbacks but no {@code @LeaderElection} in its source: {@link
 * AddsLeaderElection} adds {@code @LeaderElection(value = KEY, ttl = TTL)} to its class while the
 * container boots. Records the callbacks.
 */
@ApplicationScoped
public class Coordinator implements OnLeadershipAcquired, OnLeadershipLost {

  /** The election key, as the extension sets it. */
  public static final String KEY = "tck:extension-coordinator";

  /** The lease's ttl, as the extension sets it: well under the default of 30 s. */
  public static final String TTL = "900ms";

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
