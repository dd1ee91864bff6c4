package dev.fenced.core.simulation;

/** One thing a plan makes happen at a moment of real time (milliseconds from the start). */
sealed interface Step {

  long atMillis();

  /** What the step does, for a printed schedule. */
  String describe();

  /** How a store call of one instance goes wrong while a {@link StoreFault} lasts. */
  enum FaultMode {
    /** The request never reaches the store: the caller gets {@code StoreUnavailableException}. */
    LOSE_REQUEST,
    /** The store applies the call, its answer is lost: the caller gets the exception. */
    LOSE_REPLY,
    /** The request reaches the store late (it is applied then), the answer comes at once. */
    DELAY_REQUEST,
    /** The store applies the call at once, the answer comes late. */
    DELAY_REPLY,
    /** Renewals only: applied at once, their answer comes late (longer than a ttl, often). */
    HANG_RENEWALS
  }

  /** A caller takes a lock, works in steps while it believes it holds it, then closes it. */
  record HoldLock(
      long atMillis,
      int instance,
      int key,
      long waitMillis,
      int steps,
      long stepMillis,
      boolean forget)
      implements Step {
    @Override
    public String describe() {
      return "i"
          + instance
          + " takes lock L"
          + key
          + (waitMillis > 0 ? " (waits up to " + waitMillis + " ms)" : "")
          + ", works "
          + steps
          + " x "
          + stepMillis
          + " ms, "
          + (forget ? "never closes it" : "closes it");
    }
  }

  /** A caller runs idempotent work on a key: claim, work, complete (or release on failure). */
  record RunIdempotent(
      long atMillis, int instance, int key, long waitMillis, long workMillis, boolean fails)
      implements Step {
    @Override
    public String describe() {
      return "i"
          + instance
          + " calls K"
          + key
          + (waitMillis > 0 ? " (waits for a duplicate up to " + waitMillis + " ms)" : "")
          + ", work "
          + workMillis
          + " ms"
          + (fails ? ", fails (release)" : ", then complete");
    }
  }

  /** The instance freezes (GC, SIGSTOP); its monotonic clock runs on. */
  record Pause(long atMillis, int instance, long millis) implements Step {
    @Override
    public String describe() {
      return "i" + instance + " pauses for " + millis + " ms";
    }
  }

  /** The instance dies and comes back after {@code downMillis} as a new process. */
  record Crash(long atMillis, int instance, long downMillis) implements Step {
    @Override
    public String describe() {
      return "i" + instance + " crashes, back after " + downMillis + " ms";
    }
  }

  /** The store calls one instance sends during {@code millis} go wrong as {@code mode} says. */
  record StoreFault(long atMillis, int instance, long millis, FaultMode mode, long delayMillis)
      implements Step {
    @Override
    public String describe() {
      return "i"
          + instance
          + "'s store calls for "
          + millis
          + " ms: "
          + mode
          + (mode == FaultMode.LOSE_REQUEST || mode == FaultMode.LOSE_REPLY
              ? ""
              : " by " + delayMillis + " ms");
    }
  }

  /** The store's clock jumps forward. */
  record ClockStep(long atMillis, long stepMillis) implements Step {
    @Override
    public String describe() {
      return "the store's clock steps " + stepMillis + " ms forward";
    }
  }

  /** The store's clock runs at {@code permille}/1000 of real time for {@code millis}. */
  record ClockRate(long atMillis, long millis, long permille) implements Step {
    @Override
    public String describe() {
      return "the store's clock runs at " + permille + "/1000 for " + millis + " ms";
    }
  }
}
