package dev.fenced.tck.locks.invalid.scope;

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
