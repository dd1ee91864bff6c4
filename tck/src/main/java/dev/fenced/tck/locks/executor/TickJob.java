package dev.fenced.tck.locks.executor;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.tck.locks.common.Runs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A one-instance job the test runs as a task of a {@code ManagedScheduledExecutorService}. */
@ApplicationScoped
public class TickJob {

  /** The job's key; its lease is {@code tck:tick:owner}. */
  public static final String KEY = "tck:tick";

  @Inject LocksContext context;
  @Inject Runs runs;

  /** Records the lease {@code LocksContext} shows. */
  @OnOneInstance(key = KEY)
  public void tick() {
    runs.enter(context.lock().orElse(null));
    runs.exit();
  }
}
