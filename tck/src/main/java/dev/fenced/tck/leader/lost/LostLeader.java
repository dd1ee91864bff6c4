package dev.fenced.tck.leader.lost;

import dev.fenced.locks.LeaderElection;
import dev.fenced.tck.leader.common.RecordedCallbacks;
import jakarta.enterprise.context.ApplicationScoped;

/** Competes for {@value #KEY} with a 900 ms lease (renewed every 300 ms) and records callbacks. */
@ApplicationScoped
@LeaderElection(value = LostLeader.KEY, ttl = "900ms")
public class LostLeader extends RecordedCallbacks {

  /** The election key. */
  public static final String KEY = "tck:lost-leader";
}
