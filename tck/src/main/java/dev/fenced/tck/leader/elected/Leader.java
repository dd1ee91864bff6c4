package dev.fenced.tck.leader.elected;

import dev.fenced.locks.LeaderElection;
import dev.fenced.tck.leader.common.RecordedCallbacks;
import jakarta.enterprise.context.ApplicationScoped;

/** Competes for {@value #KEY} with a 900 ms lease (renewed every 300 ms) and records callbacks. */
@ApplicationScoped
@LeaderElection(value = Leader.KEY, ttl = "900ms")
public class Leader extends RecordedCallbacks {

  /** The election key. */
  public static final String KEY = "tck:leader";
}
