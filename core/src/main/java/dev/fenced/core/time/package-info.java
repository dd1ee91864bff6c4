/** Time for the engines: delayed tasks, a monotonic clock and sleeping, replaceable in tests. */
package dev.fenced.core.time;
