package dev.fenced.store.redis;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Compares the Redis nodes' clocks ({@link RedisClocks}) for the store's readiness: at the first
 * check (when the application starts, Fenced asks the store's readiness once) and then at most once
 * every {@link #RESURVEY}, a probe in between getting the last result. It logs the first result at
 * INFO, a WARNING when the spread goes above {@code fenced.redis.clock-skew-warning} (once, not at
 * every survey while it stays there), and INFO when it is back within.
 */
final class RedisClockCheck {

  /** How long a survey stands for: a clock NTP keeps drifts by milliseconds in hours. */
  static final Duration RESURVEY = Duration.ofMinutes(1);

  /** The readiness detail with the time of the survey shown. */
  static final String MEASURED_AT = "clock-measured-at";

  private static final Logger LOG = System.getLogger(RedisClockCheck.class.getName());

  private final Supplier<ClockSkew> survey;
  private final LongSupplier nanoTime;
  private ClockSkew last;
  private Instant measuredAt;
  private long measuredNanos;

  /**
   * @param survey reads the nodes' clocks; never throws
   */
  RedisClockCheck(Supplier<ClockSkew> survey) {
    this(survey, System::nanoTime);
  }

  /**
   * @param survey reads the nodes' clocks; never throws
   * @param nanoTime the monotonic clock that times {@link #RESURVEY}
   */
  RedisClockCheck(Supplier<ClockSkew> survey, LongSupplier nanoTime) {
    this.survey = survey;
    this.nanoTime = nanoTime;
  }

  /**
   * The readiness details of the latest survey, surveying first when none is recent.
   *
   * @return {@link ClockSkew#details()} and {@value #MEASURED_AT}
   */
  synchronized Map<String, String> details() {
    if (last == null || nanoTime.getAsLong() - measuredNanos >= RESURVEY.toNanos()) {
      ClockSkew skew = survey.get();
      log(skew);
      last = skew;
      measuredAt = Instant.now();
      measuredNanos = nanoTime.getAsLong();
    }
    Map<String, String> details = new LinkedHashMap<>(last.details());
    details.put(MEASURED_AT, measuredAt.toString());
    return details;
  }

  private void log(ClockSkew skew) {
    boolean warned = last != null && last.exceeds();
    if (skew.exceeds() && !warned) {
      LOG.log(Level.WARNING, skew.warning());
    } else if (last == null) {
      LOG.log(Level.INFO, () -> "Fenced compared the Redis nodes' clocks: " + skew.summary());
    } else if (warned && !skew.exceeds()) {
      LOG.log(
          Level.INFO, () -> "The Redis nodes' clocks are back within bounds: " + skew.summary());
    }
  }
}
