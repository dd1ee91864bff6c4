/** The deployment of {@code IdempotentStoreUnavailableTest}. */
package dev.fenced.tck.idempotent.unavailable;
