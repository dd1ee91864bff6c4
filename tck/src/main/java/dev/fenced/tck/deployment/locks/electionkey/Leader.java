package dev.fenced.tck.deployment.locks.electionkey;

import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import jakarta.enterprise.context.ApplicationScoped;

/** An election with the key {@code tck:elected}. */
@ApplicationScoped
@LeaderElection("tck:elected")
public class Leader implements OnLeadershipAcquired {

  @Override
  public void onLeadershipAcquired(Lock lease) {}
}
