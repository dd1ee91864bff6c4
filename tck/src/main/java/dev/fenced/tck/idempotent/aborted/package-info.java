/** The deployment of {@code IdempotentAbortedRequestTest}. */
package dev.fenced.tck.idempotent.aborted;
