package dev.fenced.tck.deployment.locks.leaderttl;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import jakarta.enterprise.context.ApplicationScoped;

/** An election whose ttl is negative. */
@ApplicationScoped
@LeaderElection(value = "tck:invalid-ttl", ttl = "-5s")
public class Leader implements OnLeadershipAcquired {

  @Override
  public void onLeadershipAcquired(Lock lease) {}
}
