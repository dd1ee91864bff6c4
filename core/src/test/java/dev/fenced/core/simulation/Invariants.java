package dev.fenced.core.simulation;

import static dev.fenced.core.simulation.History.seconds;

import dev.fenced.core.simulation.History.Attempt;
import dev.fenced.core.simulation.History.Event;
import dev.fenced.core.simulation.History.StoreCall;
import dev.fenced.core.simulation.History.What;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a {@link History} against every {@link Invariant}. Reads only what the simulation
 * measured: when each holder believed it held what, what it did, and what reached the store.
 */
final class Invariants {

  private final History history;
  private final Profile profile;
  private final List<Violation> found = new ArrayList<>();
  private final Holds holds;

  Invariants(History history, Profile profile) {
    this.history = history;
    this.profile = profile;
    this.holds = new Holds(history, profile);
  }

  List<Violation> check() {
    exclusiveHolds();
    tokensIncrease();
    workOnce();
    replayEqualsRecord();
    endsWithinBound();
    return found;
  }

  /**
   * Beliefs are compared in the order things happened, not only by their instant: a holder that
   * acts and then learns of its loss at the same simulated instant acted while it believed.
   */
  private void exclusiveHolds() {
    for (int i = 0; i < history.events().size(); i++) {
      Event e = history.events().get(i);
      if (e.what() != What.WORK_STEP && e.what() != What.EFFECT) {
        continue;
      }
      Attempt actor = history.attempt(e.attempt());
      long t = e.at();
      if (!holds.believesAt(actor.id(), i, t) || holds.staleWhileFrozen(actor.id(), t)) {
        continue;
      }
      for (Attempt other : history.attempts()) {
        if (other.id() != actor.id()
            && other.key().equals(actor.key())
            && holds.believesAt(other.id(), i, t)
            && !holds.staleWhileFrozen(other.id(), t)) {
          violate(
              Invariant.EXCLUSIVE_HOLDS,
              actor.label()
                  + " acted on "
                  + actor.key()
                  + " at "
                  + seconds(t)
                  + " ("
                  + e.detail()
                  + ") while "
                  + other.label()
                  + " believed it held it (since "
                  + seconds(holds.believedFrom[other.id()])
                  + ")");
        }
      }
    }
  }

  private void tokensIncrease() {
    Map<String, List<StoreCall>> acquired = new HashMap<>();
    for (StoreCall c : history.calls()) {
      if (c.op().equals("acquire") && c.applied() && c.success() && c.token() > 0) {
        acquired.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(c);
      }
    }
    acquired.forEach(
        (key, calls) -> {
          calls.sort(Comparator.comparingLong(StoreCall::appliedAt));
          for (int i = 1; i < calls.size(); i++) {
            StoreCall before = calls.get(i - 1);
            StoreCall after = calls.get(i);
            if (after.token() <= before.token()) {
              violate(
                  Invariant.TOKENS_INCREASE,
                  key
                      + " got token "
                      + after.token()
                      + " at "
                      + seconds(after.appliedAt())
                      + " after token "
                      + before.token()
                      + " at "
                      + seconds(before.appliedAt()));
            }
          }
        });
  }

  private void workOnce() {
    Map<String, List<StoreCall>> recorded = recordedOutcomes();
    recorded.forEach(
        (key, completes) -> {
          Set<Integer> runs = new LinkedHashSet<>();
          completes.forEach(c -> runs.add(c.attempt()));
          if (runs.size() > 1) {
            violate(
                Invariant.WORK_ONCE,
                key + " has the outcomes of " + runs.size() + " runs recorded: attempts " + runs);
          }
        });
    for (Event e : history.events()) {
      if (e.what() != What.EFFECT) {
        continue;
      }
      Attempt actor = history.attempt(e.attempt());
      boolean lostWhileRunning =
          holds.lostAt[actor.id()] <= e.at() && !holds.answeredLate[actor.id()];
      if (lostWhileRunning || holds.staleWhileFrozen(actor.id(), e.at())) {
        continue; // the open window: work whose claim was lost while it ran goes on
      }
      for (StoreCall c : recorded.getOrDefault(actor.key(), List.of())) {
        if (c.attempt() != actor.id() && c.appliedAt() < e.at()) {
          violate(
              Invariant.WORK_ONCE,
              actor.label()
                  + " ran the work of "
                  + actor.key()
                  + " at "
                  + seconds(e.at())
                  + " after the outcome of "
                  + label(c.attempt())
                  + " was recorded at "
                  + seconds(c.appliedAt()));
        }
      }
    }
  }

  private void replayEqualsRecord() {
    Map<String, List<StoreCall>> recorded = recordedOutcomes();
    for (Event e : history.events()) {
      Attempt attempt = e.attempt() >= 0 ? history.attempt(e.attempt()) : null;
      if (e.what() == What.REPLAYED) {
        StoreCall last = null;
        for (StoreCall c : recorded.getOrDefault(attempt.key(), List.of())) {
          if (c.appliedAt() <= e.at()) {
            last = c;
          }
        }
        if (last == null || !last.payload().equals(e.detail())) {
          violate(
              Invariant.REPLAY_EQUALS_RECORD,
              attempt.label()
                  + " was replayed '"
                  + e.detail()
                  + "' at "
                  + seconds(e.at())
                  + " but the record holds "
                  + (last == null ? "no outcome" : "'" + last.payload() + "'"));
        }
      } else if (e.what() == What.COMPLETED && e.detail().equals("STORED")) {
        boolean stored =
            recorded.getOrDefault(attempt.key(), List.of()).stream()
                .anyMatch(c -> c.attempt() == attempt.id());
        if (!stored) {
          violate(
              Invariant.REPLAY_EQUALS_RECORD,
              attempt.label()
                  + " was told STORED at "
                  + seconds(e.at())
                  + " but its outcome never reached the store");
        }
      }
    }
  }

  private void endsWithinBound() {
    long lossAfter = profile.lossAfterNanos();
    for (Attempt attempt : history.attempts()) {
      int a = attempt.id();
      if (holds.believedFrom[a] < 0) {
        continue;
      }
      long lastConfirmedSend = holds.lastConfirmedSend(a);
      long deadline =
          holds.wokenBy(
              attempt.instance(), Math.max(lastConfirmedSend + lossAfter, holds.believedFrom[a]));
      long cap =
          holds.wokenBy(
              attempt.instance(),
              holds.acquireSent(a) + profile.maxRenewal().toNanos() + lossAfter);
      // an acquire answered after its bound is lost at once: the holder learns it as it is told
      long bound = Math.max(Math.min(deadline, cap), holds.believedFrom[a]);
      if (holds.beliefEnd[a] > bound) {
        violate(
            Invariant.ENDS_WITHIN_BOUND,
            attempt.label()
                + " believed it held "
                + attempt.key()
                + " until "
                + (holds.beliefEnd[a] == Holds.NEVER
                    ? "the end of the run"
                    : seconds(holds.beliefEnd[a]))
                + ", past its bound at "
                + seconds(bound)
                + " (last confirmed renewal sent at "
                + seconds(lastConfirmedSend)
                + ")");
      }
    }
    for (StoreCall c : history.calls()) {
      if (c.attempt() >= 0
          && (c.op().equals("renew") || c.op().equals("extend"))
          && c.sentAt() > holds.keptUntil[c.attempt()]) {
        violate(
            Invariant.ENDS_WITHIN_BOUND,
            label(c.attempt())
                + " sent a renewal of "
                + c.key()
                + " at "
                + seconds(c.sentAt())
                + ", after it let the lease go at "
                + seconds(holds.keptUntil[c.attempt()])
                + " ("
                + holds.endedBy[c.attempt()]
                + ")");
      }
      if (c.op().equals("probe") && c.holder() >= 0) {
        violate(
            Invariant.ENDS_WITHIN_BOUND,
            c.key()
                + " was still held by "
                + label(c.holder())
                + " when the run ended at "
                + seconds(c.sentAt())
                + "; it let it go at "
                + seconds(holds.keptUntil[c.holder()]));
      }
    }
  }

  private Map<String, List<StoreCall>> recordedOutcomes() {
    Map<String, List<StoreCall>> recorded = new HashMap<>();
    for (StoreCall c : history.calls()) {
      if (c.op().equals("complete") && c.applied() && c.success()) {
        recorded.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(c);
      }
    }
    recorded.values().forEach(l -> l.sort(Comparator.comparingLong(StoreCall::appliedAt)));
    return recorded;
  }

  private String label(int attempt) {
    return holds.label(attempt);
  }

  private void violate(Invariant invariant, String detail) {
    found.add(new Violation(invariant, detail));
  }
}
