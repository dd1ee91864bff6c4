package dev.fenced.tck.extension.leader;

import dev.fenced.tck.leader.common.RecordedCallbacks;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A bean with the leadership callbacks but no {@code @LeaderElection} in its source: {@link
 * AddsLeaderElection} adds {@code @LeaderElection(value = KEY, ttl = TTL)} to its class while the
 * container boots. Records the callbacks.
 */
@ApplicationScoped
public class Coordinator extends RecordedCallbacks {

  /** The election key, as the extension sets it. */
  public static final String KEY = "tck:extension-coordinator";

  /** The lease's ttl, as the extension sets it: well under the default of 30 s. */
  public static final String TTL = "900ms";
}
