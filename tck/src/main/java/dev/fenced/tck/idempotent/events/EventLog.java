package dev.fenced.tck.idempotent.events;

import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.idempotency.IdempotencyReplayed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Observes Fenced's idempotency events and keeps one line per event. */
@ApplicationScoped
public class EventLog {

  private final List<String> lines = new CopyOnWriteArrayList<>();

  void replayed(@Observes IdempotencyReplayed event) {
    lines.add("replayed|" + event.target() + "|" + event.key());
  }

  void rejected(@Observes IdempotencyRejected event) {
    lines.add("rejected|" + event.target() + "|" + event.key() + "|" + event.code());
  }

  /**
   * The lines that mention {@code text}.
   *
   * @param text e.g. a test's tag, which is part of its target
   * @return {@code replayed|<target>|<key>} and {@code rejected|<target>|<key>|<code>}, in order
   */
  public List<String> mentioning(String text) {
    return lines.stream().filter(line -> line.contains(text)).toList();
  }
}
