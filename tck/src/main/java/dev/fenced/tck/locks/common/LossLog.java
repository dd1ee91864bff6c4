package dev.fenced.tck.locks.common;

import dev.fenced.locks.LockLost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Observes the {@link LockLost} events of the deployment. */
@ApplicationScoped
public class LossLog {

  private final List<LockLost> events = new CopyOnWriteArrayList<>();

  void onLost(@Observes LockLost lost) {
    events.add(lost);
  }

  /**
   * The events for one key.
   *
   * @param key the lock key
   * @return the events, oldest first
   */
  public List<LockLost> of(String key) {
    return events.stream().filter(e -> e.key().equals(key)).toList();
  }
}
