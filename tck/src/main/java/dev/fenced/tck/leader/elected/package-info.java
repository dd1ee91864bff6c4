/** The deployment of {@code LeaderElectionTest}. */
package dev.fenced.tck.leader.elected;
