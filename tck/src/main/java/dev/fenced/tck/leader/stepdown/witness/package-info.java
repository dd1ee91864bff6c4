/**
 * The witness deployment of {@code LeaderElectionStepDownTest}: it outlives the leader deployment,
 * collects its reports by JMX and shows them to the client at {@code GET /api/witness}.
 */
package dev.fenced.tck.leader.stepdown.witness;
