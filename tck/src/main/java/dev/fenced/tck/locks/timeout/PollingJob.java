package dev.fenced.tck.locks.timeout;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.locks.common.Runs;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;

/** A programmatic EJB interval timer whose {@code @Timeout} method is a guarded job. */
@Singleton
@Startup
public class PollingJob {

  /** The run lock's key. */
  public static final String KEY = "tck:polling";

  @Resource TimerService timers;
  @Inject LocksContext context;
  @Inject Runs runs;

  @PostConstruct
  void start() {
    timers.createIntervalTimer(0, 200, new TimerConfig(null, false));
  }

  /** Records the run lock {@code LocksContext} shows. */
  @Timeout
  @WithoutOverlapping(key = KEY)
  public void poll() {
    runs.enter(context.lock().orElse(null));
    runs.exit();
  }
}
