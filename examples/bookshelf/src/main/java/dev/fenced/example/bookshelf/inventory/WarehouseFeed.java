package dev.fenced.example.bookshelf.inventory;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The warehouse's stock feed, which one instance consumes at a time: every instance competes for
 * {@value #KEY}, the leader holds it while it lives, and another takes over when it stops.
 */
@ApplicationScoped
@LeaderElection(WarehouseFeed.KEY)
public class WarehouseFeed implements OnLeadershipAcquired, OnLeadershipLost {

  /** The election's key. */
  public static final String KEY = "inventory:warehouse-feed";

  private static final Logger LOG = Logger.getLogger(WarehouseFeed.class.getName());

  private volatile Lock lease;

  @Override
  public void onLeadershipAcquired(Lock lease) {
    this.lease = lease;
    LOG.info(() -> "Leading the warehouse feed, fencing token " + lease.fencingToken());
  }

  @Override
  public void onLeadershipLost(LeadershipLost.Reason reason) {
    lease = null;
    LOG.info(() -> "No longer leading the warehouse feed: " + reason);
  }

  /**
   * The lease while this instance leads.
   *
   * @return the lease, or empty
   */
  public Optional<Lock> lease() {
    Lock current = lease;
    return current != null && current.isHeld() ? Optional.of(current) : Optional.empty();
  }
}
