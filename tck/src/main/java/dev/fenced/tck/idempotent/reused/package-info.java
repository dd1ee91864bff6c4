/** The deployment of {@code IdempotentKeyReusedTest}. */
package dev.fenced.tck.idempotent.reused;
