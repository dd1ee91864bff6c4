package dev.fenced.locks;

/** Implemented by a {@link LeaderElection} bean that acts when this instance becomes the leader. */
public interface OnLeadershipAcquired {

  /**
   * Called once each time this instance becomes the leader, on a Fenced thread. If it throws, the
   * instance steps down ({@link LeadershipLost.Reason#CALLBACK_FAILED}) and competes again later.
   *
   * @param lease the leader's lease: its fencing token guards writes, and {@link Lock#onLost} tells
   *     when leadership ends
   */
  void onLeadershipAcquired(Lock lease);
}
