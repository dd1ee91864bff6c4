/** The deployment of {@code IdempotentKeyInvalidTest}. */
package dev.fenced.tck.idempotent.keyformat;
