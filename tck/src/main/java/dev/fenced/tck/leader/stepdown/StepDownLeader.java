package dev.fenced.tck.leader.stepdown;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import jakarta.enterprise.context.ApplicationScoped;

/** Competes for {@value #KEY} and reports its callbacks to the witness. */
@ApplicationScoped
@LeaderElection(StepDownLeader.KEY)
public class StepDownLeader implements OnLeadershipAcquired, OnLeadershipLost {

  /** The election key. */
  public static final String KEY = "tck:step-down";

  @Override
  public void onLeadershipAcquired(Lock lease) {
    Reporter.report("callback acquired " + lease.key() + " " + lease.fencingToken());
  }

  @Override
  public void onLeadershipLost(LeadershipLost.Reason reason) {
    Reporter.report("callback lost " + reason);
  }
}
