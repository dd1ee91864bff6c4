package dev.fenced.store.redis;

/**
 * One Redis node's clock, read by {@code TIME}: the server's time, and when the request left and
 * its reply came back on this JVM's monotonic clock ({@link System#nanoTime()}). The server read
 * its clock somewhere between the two, so its offset from this JVM is known to within half the
 * round trip; offsets of nodes read in one survey compare, whatever this JVM's own wall clock says.
 *
 * @param node the node, e.g. {@code 10.0.0.5:7000 (primary)}
 * @param serverMicros the server's {@code TIME} in microseconds since the epoch
 * @param sentNanos when the request left, on {@link System#nanoTime()}
 * @param receivedNanos when the reply came back, on {@link System#nanoTime()}
 */
record NodeTime(String node, long serverMicros, long sentNanos, long receivedNanos) {

  /** The server's time less the midpoint of the round trip, in nanoseconds. */
  long offsetNanos() {
    return serverMicros * 1000 - (sentNanos + roundTripNanos() / 2);
  }

  /** Half the round trip: how far the server's reading may lie from the midpoint. */
  long uncertaintyNanos() {
    return (roundTripNanos() + 1) / 2;
  }

  /** The round trip in nanoseconds. */
  long roundTripNanos() {
    return receivedNanos - sentNanos;
  }
}
