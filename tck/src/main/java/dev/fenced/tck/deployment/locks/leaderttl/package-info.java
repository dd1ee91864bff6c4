/** The deployment of {@code InvalidLeaderElectionTtlTest}. */
package dev.fenced.tck.deployment.locks.leaderttl;
