/** The deployment of {@code IdempotentRequestTooLargeTest}. */
package dev.fenced.tck.idempotent.toolarge;
