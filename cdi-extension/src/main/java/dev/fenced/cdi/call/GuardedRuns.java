package dev.fenced.cdi.call;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;

/**
 * The non-HTTP calls each thread runs while they hold their key, innermost last: {@link CallRunner}
 * opens one around the guarded work, and the injectable {@code IdempotencyContext} reads the
 * innermost. A thread with no open run keeps nothing (no thread-local value left behind in a pooled
 * thread). Thread-safe.
 */
public final class GuardedRuns {

  private final ThreadLocal<Deque<Run>> open = new ThreadLocal<>();

  /**
   * Opens a run of {@code call} on the current thread; close it with {@link #close} on the same
   * thread.
   *
   * @param call the call whose work is about to run
   * @return the run
   */
  Run open(GuardedCall call) {
    Deque<Run> runs = open.get();
    if (runs == null) {
      runs = new ArrayDeque<>();
      open.set(runs);
    }
    Run run = new Run(call.key());
    runs.addLast(run);
    return run;
  }

  /**
   * Closes {@code run}, the innermost run of the current thread.
   *
   * @param run what {@link #open} returned
   */
  void close(Run run) {
    Deque<Run> runs = open.get();
    if (runs == null) {
      return;
    }
    runs.removeLastOccurrence(run);
    if (runs.isEmpty()) {
      open.remove();
    }
  }

  /**
   * The innermost run of the current thread.
   *
   * @return the run, or empty when the thread runs no guarded call
   */
  public Optional<RunControl> current() {
    Deque<Run> runs = open.get();
    return runs == null ? Optional.empty() : Optional.ofNullable(runs.peekLast());
  }

  /** One run of a call's work. */
  static final class Run implements RunControl {

    private final String key;
    private volatile boolean givenUp;

    Run(String key) {
      this.key = Objects.requireNonNull(key, "key");
    }

    @Override
    public String key() {
      return key;
    }

    @Override
    public void doNotStore() {
      givenUp = true;
    }

    @Override
    public boolean storingGivenUp() {
      return givenUp;
    }
  }
}
