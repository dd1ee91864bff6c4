/** The deployment of {@code InvalidLeaderElectionKeyTest}. */
package dev.fenced.tck.locks.invalid.emptykey;
