package dev.fenced.tck.deployment.locks.scope;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import jakarta.enterprise.context.Dependent;

/** An election on a {@code @Dependent} bean. */
@Dependent
@LeaderElection("tck:dependent")
public class Leader implements OnLeadershipAcquired {

  @Override
  public void onLeadershipAcquired(Lock lease) {}
}
