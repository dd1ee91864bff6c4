/**
 * The deployment of {@code ExtensionAddedLeaderElectionTest}: a bean with the leadership callbacks
 * but no Fenced annotation, and the extension that adds {@code @LeaderElection} to its class.
 */
package dev.fenced.tck.extension.leader;
