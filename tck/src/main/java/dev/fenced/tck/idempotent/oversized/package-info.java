/** The deployment of {@code IdempotentResponseTooLargeTest}. */
package dev.fenced.tck.idempotent.oversized;
