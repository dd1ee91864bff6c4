package dev.fenced.tck.locks.events;

import dev.fenced.locks.JobRan;
import dev.fenced.locks.JobSkipped;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Observes every {@link JobRan} and {@link JobSkipped} of the deployment, in order. */
@ApplicationScoped
public class JobEventLog {

  private final List<Object> events = new CopyOnWriteArrayList<>();

  void ran(@Observes JobRan ran) {
    events.add(ran);
  }

  void skipped(@Observes JobSkipped skipped) {
    events.add(skipped);
  }

  /**
   * The events of one job method, in the order they fired.
   *
   * @param job the job method, {@code <class>.<method>}
   * @return its events
   */
  public List<Object> of(String job) {
    return events.stream()
        .filter(
            e ->
                (e instanceof JobRan ran && ran.job().equals(job))
                    || (e instanceof JobSkipped skipped && skipped.job().equals(job)))
        .toList();
  }
}
