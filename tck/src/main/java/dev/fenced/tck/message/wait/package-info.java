/** The deployment of {@code IdempotentMessageWaitTest}. */
package dev.fenced.tck.message.wait;
