/** The deployment of {@code IdempotentReplayTest}. */
package dev.fenced.tck.idempotent.replay;
