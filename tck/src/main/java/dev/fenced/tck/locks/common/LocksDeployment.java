package dev.fenced.tck.locks.common;

import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.support.TckDeployment;

/** Starts the in-container lock and leader deployments: the shared helpers plus the test's own. */
public final class LocksDeployment {

  private LocksDeployment() {}

  /**
   * A deployment with the executor, the gates, the run recorder and the polling helper.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder, for the test's classes and config
   */
  public static TckDeployment war(String name) {
    return TckDeployment.war(name)
        .classes(Background.class, Gates.class, Polling.class, Runs.class, Runs.Run.class)
        .classes(LocksDeployment.class)
        .classes(TckTimeouts.class);
  }

  /**
   * {@link #war(String)} with {@link TckLockStore} selected as the lock store.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder, for the test's classes and config
   */
  public static TckDeployment withTckStore(String name) {
    return war(name)
        .classes(MapLockStore.class, MapLockStore.Call.class, TckLockStore.class)
        .config("fenced.locks.store", TckLockStore.NAME);
  }
}
