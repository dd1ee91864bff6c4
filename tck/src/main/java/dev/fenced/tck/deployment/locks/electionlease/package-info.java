/** The deployment of {@code InvalidElectionKeyCollidesWithLeaseTest}. */
package dev.fenced.tck.deployment.locks.electionlease;
