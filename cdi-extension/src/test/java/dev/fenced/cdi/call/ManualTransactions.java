package dev.fenced.cdi.call;

import dev.fenced.cdi.transaction.Transactions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * For tests: the transaction on the calling thread, with a status the test sets and an end the test
 * calls ({@link #end}), which runs what waited for it. Switches make reading the status or waiting
 * for the end fail.
 */
public final class ManualTransactions implements Transactions {

  /** The status {@link #status()} answers. */
  public Status status = Status.NONE;

  /** When set, {@link #status()} throws it. */
  public RuntimeException statusFailure;

  /** When set, {@link #afterCompletion} throws it. */
  public RuntimeException refusal;

  /** Whether {@link #setRollbackOnly()} was called. */
  public boolean rollbackOnly;

  private final List<Consumer<Boolean>> callbacks = new ArrayList<>();
  private final Map<Object, Object> resources = new HashMap<>();

  @Override
  public Status status() {
    if (statusFailure != null) {
      throw statusFailure;
    }
    return status;
  }

  @Override
  public void afterCompletion(Consumer<Boolean> committed) {
    if (refusal != null) {
      throw refusal;
    }
    callbacks.add(committed);
  }

  @Override
  public void setRollbackOnly() {
    rollbackOnly = true;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T resource(Object key, Supplier<T> create) {
    if (status == Status.NONE) {
      throw new IllegalStateException("no transaction is active");
    }
    return (T) resources.computeIfAbsent(key, k -> create.get());
  }

  /**
   * How many callbacks wait for the end.
   *
   * @return the count
   */
  public int waiting() {
    return callbacks.size();
  }

  /**
   * Ends the transaction: runs what waited for it, with whether it committed.
   *
   * @param committed whether it committed
   */
  public void end(boolean committed) {
    List<Consumer<Boolean>> waiting = List.copyOf(callbacks);
    callbacks.clear();
    resources.clear();
    waiting.forEach(c -> c.accept(committed));
  }
}
