/**
 * Locks: {@link dev.fenced.locks.OnOneInstance}, {@link dev.fenced.locks.WithoutOverlapping},
 * {@link dev.fenced.locks.LeaderElection} and the programmatic {@link dev.fenced.locks.Locks} keep
 * work on one instance under a renewed lease with a fencing token.
 */
package dev.fenced.locks;
