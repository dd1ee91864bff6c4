/** The deployment of {@code InvalidReplayHeadersTest}. */
package dev.fenced.tck.deployment.idempotent.replayheaders;
