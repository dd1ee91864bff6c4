/** The deployment of {@code LeaderElectionLostTest}. */
package dev.fenced.tck.leader.lost;
