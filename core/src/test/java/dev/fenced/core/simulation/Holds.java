package dev.fenced.core.simulation;

import dev.fenced.core.simulation.History.Attempt;
import dev.fenced.core.simulation.History.Event;
import dev.fenced.core.simulation.History.Kind;
import dev.fenced.core.simulation.History.StoreCall;
import dev.fenced.core.simulation.History.What;
import java.util.Arrays;
import java.util.Set;

/**
 * When each attempt of a {@link History} believed it held its key, how that ended, and until when
 * its engine kept the lease: what the {@link Invariants} compare, read once from the history.
 */
final class Holds {

  static final long NEVER = Long.MAX_VALUE;
  private static final Set<String> CONFIRMING = Set.of("acquire", "renew", "extend");

  private final History history;
  private final Profile profile;
  // indexed by attempt id; filled once here and only read afterwards
  final long[] believedFrom;
  final long[] beliefEnd;
  final long[] keptUntil;
  final boolean[] answeredLate;
  final long[] lostAt;
  final int[] beliefFromIndex;
  final int[] beliefEndIndex;
  final long[] crashedAt;
  final String[] endedBy;

  Holds(History history, Profile profile) {
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

  /**
   * When the last acquire or renewal confirmed to the attempt (answered, before its belief ended)
   * was sent, or -1.
   */
  long lastConfirmedSend(int attempt) {
    long last = -1;
    for (StoreCall c : history.calls()) {
      if (c.attempt() == attempt
          && CONFIRMING.contains(c.op())
          && c.applied()
          && c.success()
          && c.answered()
          && (c.op().equals("acquire") || c.answeredAt() < beliefEnd[attempt])) {
        last = Math.max(last, c.sentAt());
      }
    }
    return last;
  }

  /** Whether the attempt's deadline (ttl - ttl/10 after its last confirmation) has passed. */
  private boolean pastDeadline(int attempt, long t) {
    return lastConfirmedSend(attempt) + profile.lossAfterNanos() <= t;
  }

  /**
   * Whether the attempt's instance is frozen at {@code t}, or wakes at {@code t}, past the
   * attempt's deadline: its belief is stale, its timer has not found the loss yet, and all it can
   * do is act once as it wakes (the documented frozen-server race).
   */
  boolean staleWhileFrozen(int attempt, long t) {
    int instance = history.attempt(attempt).instance();
    return (pausedAt(instance, t) || resumedAt(instance, t)) && pastDeadline(attempt, t);
  }

  /** Whether {@code attempt} believed it held its key when the event at {@code index} happened. */
  boolean believesAt(int attempt, int index, long t) {
    return beliefFromIndex[attempt] < index
        && index < beliefEndIndex[attempt]
        && t < crashedAt[attempt];
  }

  boolean pausedAt(int instance, long t) {
    return history.pauses().stream()
        .anyMatch(p -> p.instance() == instance && p.from() <= t && t < p.until());
  }

  boolean resumedAt(int instance, long t) {
    return history.pauses().stream().anyMatch(p -> p.instance() == instance && p.until() == t);
  }

  /** {@code t}, or the moment the instance woke when it was frozen at {@code t}. */
  long wokenBy(int instance, long t) {
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
  long acquireSent(int attempt) {
    return history.calls().stream()
        .filter(
            c -> c.attempt() == attempt && c.op().equals("acquire") && c.applied() && c.success())
        .mapToLong(StoreCall::sentAt)
        .max()
        .orElse(firstSent(attempt));
  }

  long firstSent(int attempt) {
    return history.calls().stream()
        .filter(c -> c.attempt() == attempt)
        .mapToLong(StoreCall::sentAt)
        .min()
        .orElse(0);
  }

  String label(int attempt) {
    return attempt < 0 ? "an unknown owner" : history.attempt(attempt).label();
  }
}
