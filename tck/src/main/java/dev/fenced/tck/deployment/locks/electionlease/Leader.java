package dev.fenced.tck.deployment.locks.electionlease;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import jakarta.enterprise.context.ApplicationScoped;

/** An election whose key is the job's lease. */
@ApplicationScoped
@LeaderElection("tck:feed:owner")
public class Leader implements OnLeadershipAcquired {

  @Override
  public void onLeadershipAcquired(Lock lease) {}
}
