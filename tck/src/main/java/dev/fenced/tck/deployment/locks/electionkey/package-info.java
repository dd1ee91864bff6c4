/** The deployment of {@code InvalidJobKeyCollidesWithElectionTest}. */
package dev.fenced.tck.deployment.locks.electionkey;
