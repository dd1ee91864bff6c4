/** The deployment of {@code InvalidElectionKeyCollidesWithLeaseTest}. */
package dev.fenced.tck.locks.invalid.electionlease;
