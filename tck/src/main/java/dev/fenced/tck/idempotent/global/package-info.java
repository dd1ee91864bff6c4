/** The deployment of {@code IdempotentGlobalConfigTest}. */
package dev.fenced.tck.idempotent.global;
