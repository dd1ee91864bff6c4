package dev.fenced.health;

import dev.fenced.cdi.config.HealthSettings;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Asks one store whether it is ready, so that a readiness check answers within {@code
 * fenced.health.timeout} however long the store takes. The store is asked on an executor; a check
 * waits for the answer until the timeout, counted from when that question was put, and then answers
 * DOWN. At most one question per store is in flight: a check that comes while one is unanswered
 * waits for that one (never past its timeout) instead of asking again, so a store that does not
 * answer is never asked by a pile of threads, and the two checks of one store share a question.
 *
 * <p>A store's full answer (its reason with the exception's text, a detail such as the DDL that
 * creates missing tables) goes to the server log, once each time it changes: the health endpoint
 * may be on the application's port (Open Liberty), so the checks themselves carry a short reason.
 */
final class ReadinessProbe {

  private static final System.Logger LOG = System.getLogger("dev.fenced.health");

  private final String storeName;
  private final Supplier<Object> store;
  private final Executor executor;
  private final Duration timeout;
  private final LongSupplier nanoTime;

  private Question inFlight;
  private Readiness lastLogged;

  /** One question to the store: when it was put, and its answer. */
  private record Question(long askedAt, CompletableFuture<Readiness> answer) {}

  /**
   * Creates the probe of one store.
   *
   * @param storeName the selected store's name, e.g. {@code jpa}
   * @param store looks the store up at each question
   * @param executor where the store is asked
   * @param timeout the longest a check waits
   * @param nanoTime the monotonic clock
   */
  ReadinessProbe(
      String storeName,
      Supplier<Object> store,
      Executor executor,
      Duration timeout,
      LongSupplier nanoTime) {
    this.storeName = Objects.requireNonNull(storeName, "storeName");
    this.store = Objects.requireNonNull(store, "store");
    this.executor = Objects.requireNonNull(executor, "executor");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  /** Puts a question to the store unless one is unanswered; returns at once. */
  void ask() {
    question();
  }

  /**
   * The store's readiness: its answer to the question in flight (a new one when none is), or, when
   * the store has not answered within the timeout counted from that question, {@code UNAVAILABLE}.
   * Never throws.
   *
   * @return the readiness
   */
  Readiness answer() {
    Question question = question();
    long waitNanos = question.askedAt() + timeout.toNanos() - nanoTime.getAsLong();
    try {
      return question.answer().get(Math.max(0, waitNanos), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      long askedMillis = Duration.ofNanos(nanoTime.getAsLong() - question.askedAt()).toMillis();
      return Readiness.unavailable(
          "the store \""
              + storeName
              + "\" did not answer within "
              + HealthSettings.TIMEOUT
              + " ("
              + timeout.toMillis()
              + " ms; asked "
              + askedMillis
              + " ms ago)",
          Map.of());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Readiness.unavailable("the check was interrupted", Map.of());
    } catch (ExecutionException e) {
      return unavailable(e.getCause());
    }
  }

  private synchronized Question question() {
    if (inFlight == null || inFlight.answer().isDone()) {
      CompletableFuture<Readiness> answer = new CompletableFuture<>();
      inFlight = new Question(nanoTime.getAsLong(), answer);
      try {
        executor.execute(() -> answer.complete(logged(storesAnswer())));
      } catch (RejectedExecutionException e) {
        answer.complete(unavailable(e));
      }
    }
    return inFlight;
  }

  /** What the store says: its readiness, ready when it reports none, unavailable when it throws. */
  private Readiness storesAnswer() {
    try {
      Object found = store.get();
      return found instanceof StoreReadiness reporting
          ? reporting.readiness()
          : Readiness.ready(Map.of("readiness", "not reported by this store"));
    } catch (RuntimeException e) {
      return unavailable(e);
    }
  }

  private Readiness unavailable(Throwable failure) {
    return Readiness.unavailable(
        "the store \"" + storeName + "\" could not be checked: " + failure, Map.of());
  }

  /** Logs a store's answer in full when it differs from the last one logged. */
  private Readiness logged(Readiness readiness) {
    Readiness previous;
    synchronized (this) {
      previous = lastLogged;
      lastLogged = readiness;
    }
    if (readiness.ready() && (previous == null || previous.ready())) {
      return readiness;
    }
    if (readiness.equals(previous)) {
      return readiness;
    }
    if (readiness.ready()) {
      LOG.log(Level.INFO, "Fenced store \"{0}\" is ready again", storeName);
    } else {
      LOG.log(
          Level.WARNING,
          "Fenced store \"{0}\" is not ready ({1}): {2}; details: {3}",
          storeName,
          readiness.state(),
          readiness.reason(),
          readiness.details());
    }
    return readiness;
  }
}
