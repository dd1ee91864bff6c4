package dev.fenced.cdi;

import dev.fenced.core.LogKeys;
import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import java.lang.System.Logger.Level;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Tells one election's bean and the application's observers when its term begins and ends: {@link
 * LeadershipAcquired} is fired before the bean's {@code onLeadershipAcquired}, {@link
 * LeadershipLost} after its {@code onLeadershipLost}, so the events of a term always come in pairs.
 * An observer that throws is logged and changes nothing; a bean callback that throws is the {@link
 * dev.fenced.core.locks.LeaderLoop}'s business (it steps down).
 */
final class LeaderCallbacks implements OnLeadershipAcquired, OnLeadershipLost {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  private final String key;
  private final Supplier<Object> bean;
  private final Consumer<Object> events;

  /**
   * @param key the election key
   * @param bean the bean's contextual reference, fetched at each callback
   * @param events fires a CDI event
   */
  LeaderCallbacks(String key, Supplier<Object> bean, Consumer<Object> events) {
    this.key = key;
    this.bean = bean;
    this.events = events;
  }

  @Override
  public void onLeadershipAcquired(Lock lease) {
    LOG.log(
        Level.INFO,
        "This instance leads election "
            + LogKeys.of(key)
            + " (fencing token "
            + lease.fencingToken()
            + ")");
    fire(new LeadershipAcquired(key, lease.fencingToken()));
    if (bean.get() instanceof OnLeadershipAcquired acquired) {
      acquired.onLeadershipAcquired(lease);
    }
  }

  @Override
  public void onLeadershipLost(LeadershipLost.Reason reason) {
    Level level = reason == LeadershipLost.Reason.SHUTDOWN ? Level.INFO : Level.WARNING;
    LOG.log(level, "This instance no longer leads election " + LogKeys.of(key) + ": " + reason);
    try {
      if (bean.get() instanceof OnLeadershipLost lost) {
        lost.onLeadershipLost(reason);
      }
    } finally {
      fire(new LeadershipLost(key, reason));
    }
  }

  private void fire(Object event) {
    try {
      events.accept(event);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "An observer of "
              + event.getClass().getSimpleName()
              + " for election "
              + LogKeys.of(key)
              + " threw",
          e);
    }
  }
}
