/** The deployment of {@code InvalidJobKeyCollidesWithElectionTest}. */
package dev.fenced.tck.locks.invalid.electionkey;
