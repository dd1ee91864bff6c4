package dev.fenced.core.simulation;

import dev.fenced.core.simulation.History.Event;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a batch of runs went through: each kind of fault struck and each answer of the engines, by
 * how often. Schedules that never reach a path prove nothing about it.
 */
final class Coverage {

  /** What every default batch must reach, as counted by {@link #count}. */
  static final List<String> REQUIRED =
      List.of(
          "fault LOSE_REQUEST",
          "fault LOSE_REPLY",
          "fault DELAY_REQUEST",
          "fault DELAY_REPLY",
          "fault HANG_RENEWALS",
          "fault pauses",
          "fault crashes",
          "fault clock steps",
          "fault clock runs",
          "lost: DEADLINE",
          "lost: RENEWAL",
          "WORK_STEP",
          "EFFECT",
          "REPLAYED",
          "COMPLETED STORED",
          "COMPLETED LOCK_LOST",
          "COMPLETED STORE_UNAVAILABLE",
          "answer IDEMPOTENCY_STORE_UNAVAILABLE",
          "answer LOCK_STORE_UNAVAILABLE",
          "answer InUse",
          "answer IDEMPOTENCY_WAIT_TIMEOUT",
          "answer not acquired",
          "released: true");

  private final Map<String, Integer> counts = new TreeMap<>();

  void count(History history) {
    for (Event e : history.events()) {
      String label =
          switch (e.what()) {
            case FAULT -> "fault " + faultKind(e.detail());
            case BELIEF_ENDS -> e.detail().startsWith("lost") ? e.detail() : null;
            case WORK_STEP, EFFECT, REPLAYED -> e.what().name();
            case COMPLETED -> "COMPLETED " + e.detail();
            case ANSWER -> "answer " + e.detail();
            case ENDED -> e.detail().startsWith("released") ? e.detail() : null;
            default -> null;
          };
      if (label != null) {
        counts.merge(label, 1, Integer::sum);
      }
    }
  }

  private static String faultKind(String detail) {
    for (Step.FaultMode mode : Step.FaultMode.values()) {
      if (detail.contains(mode.name())) {
        return mode.name();
      }
    }
    if (detail.contains("pauses")) {
      return "pauses";
    }
    if (detail.contains("crashes")) {
      return "crashes";
    }
    return detail.contains("steps") ? "clock steps" : "clock runs";
  }

  List<String> missing() {
    return REQUIRED.stream().filter(r -> !counts.containsKey(r)).toList();
  }

  @Override
  public String toString() {
    return counts.entrySet().stream()
        .map(e -> String.format("  %-40s %7d", e.getKey(), e.getValue()))
        .collect(Collectors.joining("\n"));
  }
}
