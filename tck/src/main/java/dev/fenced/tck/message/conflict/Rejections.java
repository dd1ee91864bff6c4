package dev.fenced.tck.message.conflict;

import dev.fenced.idempotency.IdempotencyRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Collects the {@link IdempotencyRejected} events Fenced fires. */
@ApplicationScoped
public class Rejections {

  private final List<IdempotencyRejected> seen = new CopyOnWriteArrayList<>();

  void on(@Observes IdempotencyRejected event) {
    seen.add(event);
  }

  /**
   * The rejections of one key.
   *
   * @param key the key
   * @return the events, oldest first
   */
  public List<IdempotencyRejected> of(String key) {
    return seen.stream().filter(e -> key.equals(e.key())).toList();
  }
}
