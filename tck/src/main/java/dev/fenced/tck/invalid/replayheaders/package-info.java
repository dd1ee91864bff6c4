/** The deployment of {@code InvalidReplayHeadersTest}. */
package dev.fenced.tck.invalid.replayheaders;
