/**
 * The leader deployment of {@code LeaderElectionStepDownTest}: an election whose callbacks, events
 * and lease releases are reported to the witness deployment ({@code witness}).
 */
package dev.fenced.tck.leader.stepdown;
