package dev.fenced.core.memory;

import dev.fenced.core.time.ManualTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.LongSupplier;

/**
 * Test time with both readings a machine has: a monotonic one (a {@link LongSupplier} of nanos, the
 * {@link ManualTime}'s) and a wall clock (this {@link Clock}) that moves with it and that the test
 * can also step back or forward, as NTP or an operator does. A store given this object takes
 * whichever reading it measures expiry on.
 */
final class WallClockSteps extends Clock implements LongSupplier {

  private final ManualTime time;
  private final Instant origin = Instant.parse("2026-01-01T00:00:00Z");
  private volatile Duration step = Duration.ZERO;

  WallClockSteps(ManualTime time) {
    this.time = time;
  }

  /** Steps the wall clock by {@code by} (negative: back); monotonic time does not move. */
  void stepWallClock(Duration by) {
    step = step.plus(by);
  }

  @Override
  public long getAsLong() {
    return time.nanoTime();
  }

  @Override
  public Instant instant() {
    return origin.plusNanos(time.nanoTime()).plus(step);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("UTC only");
  }
}
