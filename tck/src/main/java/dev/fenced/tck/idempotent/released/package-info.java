/** The deployment of {@code IdempotentReleasedOutcomeTest}. */
package dev.fenced.tck.idempotent.released;
