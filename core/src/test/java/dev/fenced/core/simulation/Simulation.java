package dev.fenced.core.simulation;

import dev.fenced.core.encryption.PlainRecords;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Completion;
import dev.fenced.core.idempotency.Execution;
import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.locks.LockManager;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.simulation.History.Attempt;
import dev.fenced.core.simulation.History.Kind;
import dev.fenced.core.simulation.History.What;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.LockStoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Runs one {@link Plan}: the instances, each with its own {@link LockManager} and {@link
 * IdempotencyEngine} (new ones after a crash), share one in-memory lock store and one in-memory
 * idempotency store on the store's clock; the plan's steps happen at their moments, then the run
 * goes quiet long enough for every hold to end by its bounds, and the {@link Invariants} check the
 * history.
 */
final class Simulation {

  private static final Duration RECORD_TTL = Duration.ofMinutes(10);
  private static final long MILLI = 1_000_000L;

  private final Plan plan;
  private final Profile profile;
  private final Mutation mutation;
  private final SimWorld world = new SimWorld();
  private final History history = new History();
  private final InMemoryLockStore lockStore = new InMemoryLockStore(world::storeNanos);
  private final InMemoryIdempotencyStore idempotencyStore =
      new InMemoryIdempotencyStore(world::storeNanos);
  private final Map<String, Long> resettableTokens = new HashMap<>();
  private final Node[] nodes;

  /** One instance, with the engines of its current incarnation. */
  private final class Node {
    final SimInstance instance;
    final StoreLink link;
    LockManager locks;
    IdempotencyEngine engine;
    long downUntil = Long.MIN_VALUE;

    Node(int id) {
      instance = new SimInstance(world, id, mutation != Mutation.SKIP_DEADLINE);
      link = new StoreLink(world, instance, history);
      start();
    }

    void start() {
      LockSettings settings =
          LockSettings.defaults()
              .withDefaultTtl(profile.ttl())
              .withInterruptOnLoss(false)
              .withRandom(new SplittableRandom(plan.seed() + instance.id()))
              .withMaxRenewal(profile.maxRenewal());
      locks =
          new LockManager(
              new SimLockStore(link, lockStore, mutation, resettableTokens), instance, settings);
      engine =
          new IdempotencyEngine(
              new SimIdempotencyStore(link, idempotencyStore, mutation),
              Clock.fixed(Instant.EPOCH, ZoneOffset.UTC),
              instance,
              Duration.ofSeconds(1),
              PlainRecords.INSTANCE,
              profile.maxRenewal());
    }

    boolean down() {
      return world.now() < downUntil;
    }
  }

  private Simulation(Plan plan, Mutation mutation) {
    this.plan = plan;
    this.profile = plan.profile();
    this.mutation = mutation;
    nodes = new Node[profile.instances()];
    for (int i = 0; i < nodes.length; i++) {
      nodes[i] = new Node(i);
    }
  }

  /** Runs {@code plan} on engines broken as {@code mutation} says, and checks its history. */
  static Run run(Plan plan, Mutation mutation) {
    return new Simulation(plan, mutation).run();
  }

  private Run run() {
    for (Step step : plan.steps()) {
      long at = step.atMillis() * MILLI;
      if (step instanceof Step.HoldLock hold) {
        world.at(at, nodes[hold.instance()].instance, () -> hold(hold));
      } else if (step instanceof Step.RunIdempotent call) {
        world.at(at, nodes[call.instance()].instance, () -> call(call));
      } else {
        world.at(at, null, () -> strike(step));
      }
    }
    world.advanceTo((profile.horizonMillis() + profile.quietMillis()) * MILLI);
    probeEveryKey();
    return new Run(plan, mutation, history, new Invariants(history, profile).check());
  }

  private void hold(Step.HoldLock step) {
    Node node = nodes[step.instance()];
    String key = "L" + step.key();
    if (node.down()) {
      history.event(world, What.ANSWER, -1, step.instance(), "down: no lock " + key);
      return;
    }
    Attempt attempt =
        history.newAttempt(step.instance(), node.instance.incarnation(), Kind.LOCK, key);
    node.link.sending(attempt.id());
    Optional<Lock> taken;
    try {
      taken =
          node.locks.tryAcquire(
              key,
              LockOptions.defaults()
                  .withTtl(profile.ttl())
                  .withWait(Duration.ofMillis(step.waitMillis())));
    } catch (LockStoreUnavailableException e) {
      history.event(world, What.ANSWER, attempt.id(), step.instance(), "LOCK_STORE_UNAVAILABLE");
      return;
    }
    if (taken.isEmpty()) {
      history.event(world, What.ANSWER, attempt.id(), step.instance(), "not acquired");
      return;
    }
    Lock lock = taken.get();
    int id = attempt.id();
    history.event(world, What.BELIEVES, id, step.instance(), "token " + lock.fencingToken());
    lock.onLost(
        loss ->
            history.event(
                world, What.BELIEF_ENDS, id, step.instance(), "lost: " + loss.detectedBy()));
    // as withLock does: the work starts as soon as the lock is taken
    if (lock.isHeld()) {
      history.event(world, What.WORK_STEP, id, step.instance(), "token " + lock.fencingToken());
    }
    for (int i = 1; i <= step.steps(); i++) {
      boolean last = i == step.steps();
      node.instance.schedule(
          () -> {
            if (lock.isHeld()) {
              history.event(
                  world, What.WORK_STEP, id, step.instance(), "token " + lock.fencingToken());
            }
            if (last && !step.forget() && lock.isHeld()) {
              history.event(world, What.BELIEF_ENDS, id, step.instance(), "closes");
              lock.close();
              history.event(world, What.ENDED, id, step.instance(), "closed");
            }
          },
          Duration.ofMillis(i * step.stepMillis()));
    }
  }

  private void call(Step.RunIdempotent step) {
    Node node = nodes[step.instance()];
    String key = "K" + step.key();
    if (node.down()) {
      history.event(world, What.ANSWER, -1, step.instance(), "down: no call on " + key);
      return;
    }
    Attempt attempt =
        history.newAttempt(step.instance(), node.instance.incarnation(), Kind.CLAIM, key);
    int id = attempt.id();
    node.link.sending(id);
    Claim claim;
    try {
      RecordKey recordKey = new RecordKey(key);
      Fingerprint fingerprint = new Fingerprint("fp-" + key);
      claim =
          step.waitMillis() == 0
              ? node.engine.claim(recordKey, fingerprint, profile.ttl())
              : node.engine.claim(
                  recordKey,
                  fingerprint,
                  ExecutionOptions.waiting(
                      RECORD_TTL, profile.ttl(), Duration.ofMillis(step.waitMillis())));
    } catch (IdempotencyException e) {
      history.event(world, What.ANSWER, id, step.instance(), e.code().toString());
      return;
    } catch (InterruptedException e) {
      throw new IllegalStateException("nothing interrupts a simulated thread", e);
    }
    if (claim instanceof Claim.Claimed claimed) {
      run(step, id, claimed.execution());
    } else if (claim instanceof Claim.Replay replay) {
      history.event(
          world,
          What.REPLAYED,
          id,
          step.instance(),
          new String(replay.payload(), StandardCharsets.UTF_8));
    } else {
      history.event(world, What.ANSWER, id, step.instance(), claim.getClass().getSimpleName());
    }
  }

  private void run(Step.RunIdempotent step, int id, Execution execution) {
    history.event(world, What.BELIEVES, id, step.instance(), "claimed");
    execution.onLockLost(
        by -> history.event(world, What.BELIEF_ENDS, id, step.instance(), "lost: " + by));
    nodes[step.instance()].instance.schedule(
        () -> {
          if (step.fails()) {
            if (!execution.isLockLost()) {
              history.event(world, What.BELIEF_ENDS, id, step.instance(), "releases");
            }
            boolean released = execution.release();
            history.event(world, What.ENDED, id, step.instance(), "released: " + released);
            return;
          }
          String payload = "outcome of " + history.attempt(id).label();
          history.event(world, What.EFFECT, id, step.instance(), payload);
          if (!execution.isLockLost()) {
            history.event(world, What.BELIEF_ENDS, id, step.instance(), "completes");
          }
          Completion completion =
              execution.complete(payload.getBytes(StandardCharsets.UTF_8), RECORD_TTL);
          history.event(world, What.COMPLETED, id, step.instance(), completion.name());
          history.event(world, What.ENDED, id, step.instance(), "completed");
        },
        Duration.ofMillis(step.workMillis()));
  }

  private void strike(Step step) {
    if (step instanceof Step.Pause pause) {
      SimInstance instance = nodes[pause.instance()].instance;
      long until = world.now() + pause.millis() * MILLI;
      instance.pause(until);
      history.pause(new History.Pause(pause.instance(), world.now(), until));
      history.event(world, What.FAULT, -1, pause.instance(), step.describe());
    } else if (step instanceof Step.Crash crash) {
      Node node = nodes[crash.instance()];
      history.crash(new History.Crash(crash.instance(), node.instance.incarnation(), world.now()));
      node.instance.crash();
      node.downUntil = world.now() + crash.downMillis() * MILLI;
      node.start();
      history.event(world, What.FAULT, -1, crash.instance(), step.describe());
    } else if (step instanceof Step.StoreFault fault) {
      nodes[fault.instance()].link.fault(
          fault.millis() * MILLI, fault.mode(), fault.delayMillis() * MILLI);
      history.event(world, What.FAULT, -1, fault.instance(), step.describe());
    } else if (step instanceof Step.ClockStep clockStep) {
      world.storeClockStep(clockStep.stepMillis() * MILLI);
      history.event(world, What.FAULT, -1, -1, step.describe());
    } else if (step instanceof Step.ClockRate rate) {
      world.storeClockRate(rate.permille());
      world.at(world.now() + rate.millis() * MILLI, null, () -> world.storeClockRate(1000));
      history.event(world, What.FAULT, -1, -1, step.describe());
    } else {
      throw new IllegalStateException("not a fault: " + step);
    }
  }

  /** Looks, after the quiet end of the run, at who still holds each key. */
  private void probeEveryKey() {
    for (int k = 0; k < profile.lockKeys(); k++) {
      String key = "L" + k;
      probe(key, lockStore.lock(key).map(s -> s.owner()).orElse(null));
    }
    for (int k = 0; k < profile.claimKeys(); k++) {
      String key = "K" + k;
      probe(key, idempotencyStore.record(key, false).flatMap(s -> s.owner()).orElse(null));
    }
  }

  private void probe(String key, String owner) {
    if (owner == null) {
      return;
    }
    history.call(
        new History.StoreCall(
            -1,
            "probe",
            key,
            -1,
            world.now(),
            true,
            world.now(),
            world.storeNanos(),
            true,
            world.now(),
            false,
            0,
            history.attemptOf(owner),
            null));
  }
}
