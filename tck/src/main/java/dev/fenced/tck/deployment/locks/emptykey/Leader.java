package dev.fenced.tck.deployment.locks.emptykey;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import jakarta.enterprise.context.ApplicationScoped;

/** An election without a key. */
@ApplicationScoped
@LeaderElection("")
public class Leader implements OnLeadershipAcquired {

  @Override
  public void onLeadershipAcquired(Lock lease) {}
}
