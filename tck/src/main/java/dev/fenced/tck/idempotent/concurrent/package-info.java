/** The deployment of {@code IdempotentConcurrentRequestTest}. */
package dev.fenced.tck.idempotent.concurrent;
