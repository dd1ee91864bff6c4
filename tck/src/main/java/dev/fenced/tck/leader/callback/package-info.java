/** The deployment of {@code LeaderElectionCallbackFailedTest}. */
package dev.fenced.tck.leader.callback;
