/** The deployment of {@code IdempotentMessageReplayTest}. */
package dev.fenced.tck.message.replay;
