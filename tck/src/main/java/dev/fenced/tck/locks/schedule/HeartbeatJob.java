package dev.fenced.tck.locks.schedule;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.tck.locks.common.Runs;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

/** An EJB timer every second that runs on one instance of the cluster. */
@Singleton
@Startup
public class HeartbeatJob {

  /** The job's key; its sticky lease is {@code tck:heartbeat:owner}. */
  public static final String KEY = "tck:heartbeat";

  @Inject LocksContext context;
  @Inject Runs runs;

  /** Records the lease {@code LocksContext} shows. */
  @Schedule(second = "*/1", minute = "*", hour = "*", persistent = false)
  @OnOneInstance(key = KEY)
  public void beat() {
    runs.enter(context.lock().orElse(null));
    runs.exit();
  }
}
