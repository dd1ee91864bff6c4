package dev.fenced.tck.deployed;

import java.time.Duration;

/**
 * Timeouts of the behaviour TCK, scaled by the system property {@value #MULTIPLIER_PROPERTY}
 * (default 1) for slow machines.
 */
public final class TckTimeouts {

  /** The system property that scales every TCK timeout. */
  public static final String MULTIPLIER_PROPERTY = "fenced.tck.timeout-multiplier";

  private TckTimeouts() {}

  /**
   * Scales a timeout.
   *
   * @param base the timeout on a normal machine
   * @return {@code base} times the multiplier
   */
  public static Duration scaled(Duration base) {
    double multiplier = Double.parseDouble(System.getProperty(MULTIPLIER_PROPERTY, "1"));
    return Duration.ofMillis((long) Math.ceil(base.toMillis() * Math.max(1.0, multiplier)));
  }
}
