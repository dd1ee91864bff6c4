package dev.fenced.arquillian.cluster.app;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Competes for {@value #KEY} on every member and records each term's start and end. */
@ApplicationScoped
@LeaderElection(ClusterLeader.KEY)
public class ClusterLeader implements OnLeadershipAcquired, OnLeadershipLost {

  /** The election key. */
  public static final String KEY = "cluster:leader";

  @Inject Member member;
  @Inject RecordTables records;

  private volatile Lock lease;

  @Override
  public void onLeadershipAcquired(Lock lease) {
    this.lease = lease;
    records.leadership(member.name(), "acquired", lease.fencingToken(), System.currentTimeMillis());
  }

  @Override
  public void onLeadershipLost(LeadershipLost.Reason reason) {
    lease = null;
    records.leadership(member.name(), "lost:" + reason, 0, System.currentTimeMillis());
  }

  /**
   * Whether this member leads now.
   *
   * @return {@code true} while its lease is held
   */
  public boolean leads() {
    Lock current = lease;
    return current != null && current.isHeld();
  }
}
