/** The deployment of {@code IdempotentStoredOutcomeTest}. */
package dev.fenced.tck.idempotent.stored;
