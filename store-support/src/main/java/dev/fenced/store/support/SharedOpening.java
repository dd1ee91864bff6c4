package dev.fenced.store.support;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Opens something once, for every caller: while an open is in flight, the callers that arrive share
 * it (its result, or its failure) instead of queueing for opens of their own, so during an outage
 * at first use each caller fails within one open's time (the datasource's connect and login
 * timeouts), not the k-th after k failed opens. After a failure the next caller opens again; after
 * a success every caller gets the opened value at once.
 *
 * <p>{@link StoreBean} opens its store with one; a store bean that is not a {@link StoreBean} can
 * use it on its own.
 *
 * @param <T> what is opened
 */
public final class SharedOpening<T> {

  private final Supplier<T> open;
  private final Object monitor = new Object();
  private volatile T opened;
  private CompletableFuture<T> inFlight; // guarded by monitor

  /**
   * Opens with {@code open} when first asked.
   *
   * @param open makes the value; may throw, and is then called again by the next caller
   */
  public SharedOpening(Supplier<T> open) {
    this.open = Objects.requireNonNull(open, "open");
  }

  /**
   * The opened value, opening it (or waiting for the open in flight) first.
   *
   * @return the value
   * @throws RuntimeException what the open this caller waited for threw
   */
  public T get() {
    T value = opened;
    if (value != null) {
      return value;
    }
    CompletableFuture<T> attempt;
    boolean opensItself = false;
    synchronized (monitor) {
      if (opened != null) {
        return opened;
      }
      if (inFlight == null) {
        inFlight = new CompletableFuture<>();
        opensItself = true;
      }
      attempt = inFlight;
    }
    if (opensItself) {
      try {
        T made = Objects.requireNonNull(open.get(), "the open returned null");
        opened = made;
        attempt.complete(made);
      } catch (RuntimeException e) {
        attempt.completeExceptionally(e);
      } finally {
        synchronized (monitor) {
          inFlight = null;
        }
      }
    }
    try {
      return attempt.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /**
   * Forgets the opened value, so that the next caller opens again.
   *
   * @return the value opened so far, if any, for the caller to close
   */
  public Optional<T> forget() {
    synchronized (monitor) {
      T value = opened;
      opened = null;
      return Optional.ofNullable(value);
    }
  }
}
