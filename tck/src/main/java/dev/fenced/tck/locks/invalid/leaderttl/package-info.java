/** The deployment of {@code InvalidLeaderElectionTtlTest}. */
package dev.fenced.tck.locks.invalid.leaderttl;
