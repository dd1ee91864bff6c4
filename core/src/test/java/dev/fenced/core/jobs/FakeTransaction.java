package dev.fenced.core.jobs;

import dev.fenced.locks.Lock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A transaction on the test's thread: open, or not, or refusing to be waited for (one that can only
 * roll back); {@link #end()} runs what waits for its end.
 */
final class FakeTransaction implements UnitOfWork {

  private final List<Runnable> atEnd = new ArrayList<>();
  private final Map<String, Lock> kept = new HashMap<>();
  private boolean open;
  private RuntimeException refusal;

  /** Opens the transaction. */
  void begin() {
    open = true;
  }

  /** Makes waiting for the end fail with {@code refusal}, as a server does for a doomed one. */
  void refuseWaits(RuntimeException refusal) {
    this.refusal = refusal;
  }

  /** Ends the transaction (commit or rollback alike) and runs what waited for it. */
  void end() {
    open = false;
    kept.clear();
    List<Runnable> due = List.copyOf(atEnd);
    atEnd.clear();
    due.forEach(Runnable::run);
  }

  int waiting() {
    return atEnd.size();
  }

  @Override
  public boolean runAtEnd(Runnable release) {
    if (!open) {
      return false;
    }
    if (refusal != null) {
      throw refusal;
    }
    atEnd.add(release);
    return true;
  }

  @Override
  public boolean keepUntilEnd(Lock lock, Runnable close) {
    boolean deferred = runAtEnd(close);
    if (deferred) {
      kept.put(lock.key(), lock);
    }
    return deferred;
  }

  @Override
  public Optional<Lock> kept(String key) {
    return open ? Optional.ofNullable(kept.get(key)).filter(Lock::isHeld) : Optional.empty();
  }
}
