package dev.fenced.core.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that happened in one run, as measured by the simulation (not counted by the code under
 * test): every store call with when it was sent, applied and answered, and every step of the
 * callers: what they believe they hold, the work they do, the answers they get. The {@link
 * Invariants} read it; its text is the same for the same plan, run after run.
 */
final class History {

  /** Whose the attempt is: a lock acquisition or an idempotent call. */
  enum Kind {
    LOCK,
    CLAIM
  }

  /** One acquisition of a lock or one claim of an idempotency key, by one instance. */
  record Attempt(int id, int instance, int incarnation, Kind kind, String key) {
    String label() {
      return "a" + id + "@i" + instance;
    }
  }

  /** What a caller did or was told. */
  enum What {
    /** It holds the lock or claim from now on, as far as it knows. */
    BELIEVES,
    /** It no longer believes it holds it (closed, completing, releasing, lost, crashed). */
    BELIEF_ENDS,
    /** Its complete or release returned: the engine no longer keeps the claim. */
    ENDED,
    /** A step of work under a lock, done while the lock said it was held. */
    WORK_STEP,
    /** The side effect of idempotent work. */
    EFFECT,
    /** What complete returned. */
    COMPLETED,
    /** A stored outcome was replayed to it. */
    REPLAYED,
    /** Any other answer (in use, store unavailable, not acquired). */
    ANSWER,
    /** An instance paused, crashed, came back; the store's clock changed. */
    FAULT
  }

  /** A step of a caller, or a fault, at a real and a store instant. */
  record Event(long at, long storeAt, What what, int attempt, int instance, String detail) {}

  /**
   * One store call.
   *
   * @param holder the attempt that held the key when the call found it held, else -1
   * @param payload the payload a complete sent, else {@code null}
   */
  record StoreCall(
      int instance,
      String op,
      String key,
      int attempt,
      long sentAt,
      boolean applied,
      long appliedAt,
      long appliedStoreAt,
      boolean answered,
      long answeredAt,
      boolean success,
      long token,
      int holder,
      String payload) {}

  /** A pause of one instance, in real time. */
  record Pause(int instance, long from, long until) {}

  /** The death of one incarnation of an instance. */
  record Crash(int instance, int incarnation, long at) {}

  private final List<Pause> pauses = new ArrayList<>();
  private final List<Crash> crashes = new ArrayList<>();
  private final List<Attempt> attempts = new ArrayList<>();
  private final Map<String, Integer> attemptsByOwner = new HashMap<>();
  private final List<Event> events = new ArrayList<>();
  private final List<StoreCall> calls = new ArrayList<>();
  private final List<String> lines = new ArrayList<>();

  Attempt newAttempt(int instance, int incarnation, Kind kind, String key) {
    Attempt attempt = new Attempt(attempts.size(), instance, incarnation, kind, key);
    attempts.add(attempt);
    return attempt;
  }

  /** Ties the random owner id an engine drew to the attempt that sent it. */
  void owner(String owner, int attempt) {
    attemptsByOwner.putIfAbsent(owner, attempt);
  }

  /** The attempt of {@code owner}, or -1 for an owner never seen (a mutated store's). */
  int attemptOf(String owner) {
    return owner == null ? -1 : attemptsByOwner.getOrDefault(owner, -1);
  }

  void pause(Pause pause) {
    pauses.add(pause);
  }

  void crash(Crash crash) {
    crashes.add(crash);
  }

  List<Pause> pauses() {
    return pauses;
  }

  List<Crash> crashes() {
    return crashes;
  }

  List<Attempt> attempts() {
    return attempts;
  }

  Attempt attempt(int id) {
    return attempts.get(id);
  }

  List<Event> events() {
    return events;
  }

  List<StoreCall> calls() {
    return calls;
  }

  void event(SimWorld world, What what, int attempt, int instance, String detail) {
    Event event = new Event(world.now(), world.storeNanos(), what, attempt, instance, detail);
    events.add(event);
    lines.add(
        time(event.at(), event.storeAt())
            + (attempt >= 0 ? attempts.get(attempt).label() : "i" + instance)
            + " "
            + what
            + (detail.isEmpty() ? "" : " " + detail));
  }

  void call(StoreCall call) {
    calls.add(call);
    lines.add(
        time(call.sentAt(), -1)
            + (call.attempt() >= 0
                ? attempts.get(call.attempt()).label()
                : call.instance() >= 0 ? "i" + call.instance() : "the run's end:")
            + " store."
            + call.op()
            + "("
            + call.key()
            + ")"
            + (call.applied()
                ? " applied at "
                    + seconds(call.appliedAt())
                    + " -> "
                    + (call.success() ? "ok" : "no")
                : " not applied")
            + (call.token() > 0 ? " token " + call.token() : "")
            + (call.holder() >= 0 ? " held by " + attempts.get(call.holder()).label() : "")
            + (call.answered() ? ", answered at " + seconds(call.answeredAt()) : ", answer lost"));
  }

  /** The history as text, one happening a line. */
  String text() {
    return String.join("\n", lines);
  }

  private static String time(long at, long storeAt) {
    return String.format(
        "%9s%s  ", seconds(at), storeAt < 0 ? "" : " [store " + seconds(storeAt) + "]");
  }

  static String seconds(long nanos) {
    return String.format("%.3fs", nanos / 1e9);
  }
}
