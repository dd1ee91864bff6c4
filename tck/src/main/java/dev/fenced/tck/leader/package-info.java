/**
 * The behaviour TCK of {@code @LeaderElection}: election at start, callbacks and events, keeping,
 * losing and stepping down. Each class keeps its deployment's classes in a sub-package; the lock
 * TCK's {@code dev.fenced.tck.locks.common} gives the shared helpers.
 */
package dev.fenced.tck.leader;
