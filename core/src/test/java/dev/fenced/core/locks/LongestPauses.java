package dev.fenced.core.locks;

import java.util.random.RandomGenerator;

/** Jitter that always picks the top of its range, so backoff pauses are exactly predictable. */
final class LongestPauses implements RandomGenerator {

  @Override
  public long nextLong() {
    return Long.MAX_VALUE;
  }

  @Override
  public long nextLong(long bound) {
    return bound - 1;
  }
}
