package dev.fenced.tck.admin.operated;

import dev.fenced.admin.IdempotencyRecordPurged;
import dev.fenced.admin.LockForceReleased;
import dev.fenced.locks.LockLost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Observes the events of an operator's writes, and lost locks. */
@ApplicationScoped
public class AdminEventLog {

  private final List<Object> events = new CopyOnWriteArrayList<>();

  void onPurged(@Observes IdempotencyRecordPurged event) {
    events.add(event);
  }

  void onForceReleased(@Observes LockForceReleased event) {
    events.add(event);
  }

  void onLost(@Observes LockLost event) {
    events.add(event);
  }

  /**
   * The events so far.
   *
   * @return a snapshot, oldest first
   */
  public List<Object> events() {
    return List.copyOf(events);
  }
}
