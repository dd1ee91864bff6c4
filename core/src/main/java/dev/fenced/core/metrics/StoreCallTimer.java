package dev.fenced.core.metrics;

import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Times calls to one store and reports each to a listener, whose failures it drops. */
final class StoreCallTimer {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final String store;
  private final StoreCallListener listener;

  StoreCallTimer(String store, StoreCallListener listener) {
    this.store = Objects.requireNonNull(store, "store");
    this.listener = Objects.requireNonNull(listener, "listener");
  }

  /** Runs {@code call}, reporting it as done when {@code done} accepts its answer. */
  <T> T time(StoreOperation operation, Supplier<T> call, Predicate<T> done) {
    long start = System.nanoTime();
    T answer;
    try {
      answer = call.get();
    } catch (RuntimeException | Error e) {
      report(operation, StoreCall.Answer.FAILED, start, Optional.of(e.getClass().getName()));
      throw e;
    }
    report(
        operation,
        done.test(answer) ? StoreCall.Answer.DONE : StoreCall.Answer.REFUSED,
        start,
        Optional.empty());
    return answer;
  }

  /** Runs {@code call}, whose {@code true} means done. */
  boolean time(StoreOperation operation, Supplier<Boolean> call) {
    return time(operation, call, Boolean::booleanValue);
  }

  private void report(
      StoreOperation operation, StoreCall.Answer answer, long start, Optional<String> failure) {
    long nanos = System.nanoTime() - start;
    try {
      listener.called(new StoreCall(store, operation, answer, nanos, failure));
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "A store call listener threw", e);
    }
  }
}
