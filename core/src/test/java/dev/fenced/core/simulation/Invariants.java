package dev.fenced.core.simulation;

import static dev.fenced.core.simulation.History.seconds;

import dev.fenced.core.simulation.History.Attempt;
import dev.fenced.core.simulation.History.Event;
import dev.fenced.core.simulation.History.Kind;
import dev.fenced.core.simulation.History.StoreCall;
import dev.fenced.core.simulation.History.What;
import java.util.ArrayList;
import java.util.Arrays;
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

  private static final long NEVER = Long.MAX_VALUE;
  private static final Set<String> CONFIRMING = Set.of("acquire", "renew", "extend");

  private final History history;
  private final Profile profile;
  private final List<Violation> found = new ArrayList<>();
  private final long[] believedFrom;
  private final long[] beliefEnd;
  private final long[] keptUntil;
  private final boolean[] answeredLate;
  private final long[] lostAt;
  private final int[] beliefFromIndex;
  private final int[] beliefEndIndex;
  private final long[] crashedAt;
  private final String[] endedBy;

  Invariants(History history, Profile profile) {
    this.history = history;
    this.profile = profile;
    int n = history.attempts().size();
    believedFrom = new long[n];
    beliefEnd = new long[n];
    keptUntil = new long[n];
    answeredLate = new boolean[n];
    for (StoreCall c : history.calls()) {
      if (c.attempt() >= 0
          && c.op().equals("acquire")
          && c.success()
          && c.answered()
          && c.answeredAt() - c.sentAt() >= profile.lossAfterNanos()) {
        answeredLate[c.attempt()] = true;
      }
    }
    Arrays.fill(believedFrom, -1);
    Arrays.fill(beliefEnd, NEVER);
    lostAt = new long[n];
    beliefFromIndex = new int[n];
    beliefEndIndex = new int[n];
    crashedAt = new long[n];
    Arrays.fill(beliefFromIndex, Integer.MAX_VALUE);
    Arrays.fill(beliefEndIndex, Integer.MAX_VALUE);
    endedBy = new String[n];
    long[] endedAt = new long[n];
    Arrays.fill(lostAt, NEVER);
    Arrays.fill(endedAt, NEVER);
    for (int i = 0; i < history.events().size(); i++) {
      Event e = history.events().get(i);
      int a = e.attempt();
      if (a < 0) {
        continue;
      }
      if (e.what() == What.BELIEVES && believedFrom[a] < 0) {
        believedFrom[a] = e.at();
        beliefFromIndex[a] = i;
      } else if (e.what() == What.BELIEF_ENDS) {
        if (e.at() < beliefEnd[a]) {
          endedBy[a] = e.detail();
        }
        beliefEndIndex[a] = Math.min(beliefEndIndex[a], i);
        beliefEnd[a] = Math.min(beliefEnd[a], e.at());
        if (e.detail().startsWith("lost")) {
          lostAt[a] = Math.min(lostAt[a], e.at());
        }
      } else if (e.what() == What.ENDED) {
        endedAt[a] = Math.min(endedAt[a], e.at());
      }
    }
    for (Attempt attempt : history.attempts()) {
      int a = attempt.id();
      crashedAt[a] = crashOf(attempt);
      beliefEnd[a] = Math.min(beliefEnd[a], crashedAt[a]);
      if (believedFrom[a] < 0) {
        keptUntil[a] = firstSent(a); // an acquire whose answer never came: nothing renews it
      } else if (attempt.kind() == Kind.LOCK) {
        keptUntil[a] = beliefEnd[a];
      } else {
        keptUntil[a] = Math.min(Math.min(endedAt[a], lostAt[a]), crashedAt[a]);
      }
    }
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
      if (!believesAt(actor.id(), i, t)
          || resumedAt(actor.instance(), t)
          || lateAnswerExempt(actor)) {
        continue;
      }
      for (Attempt other : history.attempts()) {
        if (other.id() != actor.id()
            && other.key().equals(actor.key())
            && believesAt(other.id(), i, t)
            && !lateAnswerExempt(other)
            && !pausedAt(other.instance(), t)) {
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
                  + seconds(believedFrom[other.id()])
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
      boolean lostWhileRunning = lostAt[actor.id()] <= e.at() && !answeredLate[actor.id()];
      if (lostWhileRunning || resumedAt(actor.instance(), e.at()) || lateAnswerExempt(actor)) {
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
      if (believedFrom[a] < 0) {
        continue;
      }
      long lastConfirmedSend = -1;
      for (StoreCall c : history.calls()) {
        if (c.attempt() == a
            && CONFIRMING.contains(c.op())
            && c.applied()
            && c.success()
            && c.answered()
            && (c.op().equals("acquire") || c.answeredAt() < beliefEnd[a])) {
          lastConfirmedSend = Math.max(lastConfirmedSend, c.sentAt());
        }
      }
      long deadline =
          wokenBy(attempt.instance(), Math.max(lastConfirmedSend + lossAfter, believedFrom[a]));
      long cap =
          wokenBy(attempt.instance(), acquireSent(a) + profile.maxRenewal().toNanos() + lossAfter);
      // an acquire answered after its bound is lost at once: the holder learns it as it is told
      long bound = Math.max(Math.min(deadline, cap), believedFrom[a]);
      if (beliefEnd[a] > bound) {
        violate(
            Invariant.ENDS_WITHIN_BOUND,
            attempt.label()
                + " believed it held "
                + attempt.key()
                + " until "
                + (beliefEnd[a] == NEVER ? "the end of the run" : seconds(beliefEnd[a]))
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
          && c.sentAt() > keptUntil[c.attempt()]) {
        violate(
            Invariant.ENDS_WITHIN_BOUND,
            label(c.attempt())
                + " sent a renewal of "
                + c.key()
                + " at "
                + seconds(c.sentAt())
                + ", after it let the lease go at "
                + seconds(keptUntil[c.attempt()])
                + " ("
                + endedBy[c.attempt()]
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
                + seconds(keptUntil[c.holder()]));
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

  /** Whether the known gap of an acquire answered after its deadline is let pass. */
  private boolean lateAnswerExempt(Attempt attempt) {
    return answeredLate[attempt.id()] && profile.lateAnswersExempt();
  }

  /** Whether {@code attempt} believed it held its key when the event at {@code index} happened. */
  private boolean believesAt(int attempt, int index, long t) {
    return beliefFromIndex[attempt] < index
        && index < beliefEndIndex[attempt]
        && t < crashedAt[attempt];
  }

  private boolean believes(int attempt, long t) {
    return believedFrom[attempt] >= 0 && believedFrom[attempt] <= t && t < beliefEnd[attempt];
  }

  private boolean pausedAt(int instance, long t) {
    return history.pauses().stream()
        .anyMatch(p -> p.instance() == instance && p.from() <= t && t < p.until());
  }

  private boolean resumedAt(int instance, long t) {
    return history.pauses().stream().anyMatch(p -> p.instance() == instance && p.until() == t);
  }

  /** {@code t}, or the moment the instance woke when it was frozen at {@code t}. */
  private long wokenBy(int instance, long t) {
    long at = t;
    boolean moved = true;
    while (moved) {
      moved = false;
      for (History.Pause p : history.pauses()) {
        if (p.instance() == instance && p.from() <= at && at < p.until()) {
          at = p.until();
          moved = true;
        }
      }
    }
    return at;
  }

  private long crashOf(Attempt attempt) {
    return history.crashes().stream()
        .filter(c -> c.instance() == attempt.instance() && c.incarnation() == attempt.incarnation())
        .mapToLong(History.Crash::at)
        .min()
        .orElse(NEVER);
  }

  /** When the acquire that took the key was sent: renewals are capped from there. */
  private long acquireSent(int attempt) {
    return history.calls().stream()
        .filter(
            c -> c.attempt() == attempt && c.op().equals("acquire") && c.applied() && c.success())
        .mapToLong(StoreCall::sentAt)
        .max()
        .orElse(firstSent(attempt));
  }

  private long firstSent(int attempt) {
    return history.calls().stream()
        .filter(c -> c.attempt() == attempt)
        .mapToLong(StoreCall::sentAt)
        .min()
        .orElse(0);
  }

  private String label(int attempt) {
    return attempt < 0 ? "an unknown owner" : history.attempt(attempt).label();
  }

  private void violate(Invariant invariant, String detail) {
    found.add(new Violation(invariant, detail));
  }
}
