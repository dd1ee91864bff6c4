/** The deployment of {@code IdempotencyExceptionEjbTest}. */
package dev.fenced.tck.ejb.idempotency;
