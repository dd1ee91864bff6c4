package dev.fenced.locks;

/** Implemented by a {@link LeaderElection} bean that acts when this instance stops being leader. */
public interface OnLeadershipLost {

  /**
   * Called once each time this instance stops being the leader, on a Fenced thread. Another
   * instance may already lead when it runs: stop writing at once.
   *
   * @param reason why leadership ended
   */
  void onLeadershipLost(LeadershipLost.Reason reason);
}
