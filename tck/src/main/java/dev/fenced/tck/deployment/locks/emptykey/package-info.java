/** The deployment of {@code InvalidLeaderElectionKeyTest}. */
package dev.fenced.tck.deployment.locks.emptykey;
