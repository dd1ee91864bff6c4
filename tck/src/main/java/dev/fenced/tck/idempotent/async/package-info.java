/** The deployment of {@code IdempotentAsyncResourceTest}. */
package dev.fenced.tck.idempotent.async;
