/** The deployment of {@code IdempotentMessageConflictTest}. */
package dev.fenced.tck.message.conflict;
