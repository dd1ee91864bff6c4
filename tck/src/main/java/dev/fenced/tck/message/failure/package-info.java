/** The deployment of {@code IdempotentMessageFailureTest}. */
package dev.fenced.tck.message.failure;
