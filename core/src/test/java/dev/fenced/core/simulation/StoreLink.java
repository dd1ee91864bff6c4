package dev.fenced.core.simulation;

import dev.fenced.core.simulation.Step.FaultMode;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The path from one instance to the store: each call is applied to the shared store at once, unless
 * a {@link Step.StoreFault} of this instance is on when it is sent; then its request or answer is
 * lost or late. Every call is written to the {@link History}.
 */
final class StoreLink {

  private record Window(long from, long until, FaultMode mode, long delayNanos) {}

  private final SimWorld world;
  private final SimInstance instance;
  private final History history;
  private final List<Window> faults = new ArrayList<>();

  StoreLink(SimWorld world, SimInstance instance, History history) {
    this.world = world;
    this.instance = instance;
    this.history = history;
  }

  SimWorld world() {
    return world;
  }

  SimInstance instance() {
    return instance;
  }

  History history() {
    return history;
  }

  /** From now on for {@code nanos}, calls go wrong as {@code mode} says. */
  void fault(long nanos, FaultMode mode, long delayNanos) {
    faults.add(new Window(world.now(), world.now() + nanos, mode, delayNanos));
  }

  /** The attempt whose acquire is about to be sent: its owner id is tied to it. */
  void sending(int attempt) {
    world.actor(attempt);
  }

  /** The attempt sending acquires now. */
  int currentAttempt() {
    return world.actor();
  }

  /**
   * Sends one call.
   *
   * @param apply runs it on the shared store
   * @param success whether the store did what was asked
   * @param token the fencing token it answered, or 0
   * @param holder the owner holding the key when it was refused, or {@code null}
   */
  <T> T call(
      String op,
      String key,
      String owner,
      String payload,
      Supplier<T> apply,
      Predicate<T> success,
      ToLongFunction<T> token,
      Supplier<String> holder) {
    int attempt = history.attemptOf(owner);
    long sentAt = world.now();
    Window fault = activeFault(op);
    FaultMode mode = fault == null ? null : fault.mode();
    if (mode == FaultMode.LOSE_REQUEST) {
      history.call(
          new History.StoreCall(
              instance.id(),
              op,
              key,
              attempt,
              sentAt,
              false,
              0,
              0,
              false,
              0,
              false,
              0,
              -1,
              payload));
      throw new StoreUnavailableException("simulated: the request was lost");
    }
    InstanceCrashed crashed = null;
    if (mode == FaultMode.DELAY_REQUEST) {
      try {
        instance.awaitUntil(sentAt + fault.delayNanos());
      } catch (InstanceCrashed e) {
        crashed = e; // the request was on its way: it still lands
      }
    }
    long appliedAt = world.now();
    long appliedStoreAt = world.storeNanos();
    T result = apply.get();
    boolean ok = success.test(result);
    int holderAttempt = ok ? -1 : history.attemptOf(holder.get());
    long drawn = ok ? token.applyAsLong(result) : 0;
    if (mode == FaultMode.LOSE_REPLY) {
      history.call(
          new History.StoreCall(
              instance.id(),
              op,
              key,
              attempt,
              sentAt,
              true,
              appliedAt,
              appliedStoreAt,
              false,
              0,
              ok,
              drawn,
              holderAttempt,
              payload));
      throw new StoreUnavailableException("simulated: the answer was lost");
    }
    if (mode == FaultMode.DELAY_REPLY || mode == FaultMode.HANG_RENEWALS) {
      try {
        instance.awaitUntil(appliedAt + fault.delayNanos());
      } catch (InstanceCrashed e) {
        crashed = e;
      }
    }
    boolean answered = crashed == null;
    history.call(
        new History.StoreCall(
            instance.id(),
            op,
            key,
            attempt,
            sentAt,
            true,
            appliedAt,
            appliedStoreAt,
            answered,
            world.now(),
            ok,
            drawn,
            holderAttempt,
            payload));
    if (crashed != null) {
      throw crashed;
    }
    return result;
  }

  private Window activeFault(String op) {
    long now = world.now();
    boolean renewal = op.equals("renew") || op.equals("extend");
    for (Window w : faults) {
      if (w.from() <= now && now < w.until() && (w.mode() != FaultMode.HANG_RENEWALS || renewal)) {
        return w;
      }
    }
    return null;
  }
}
