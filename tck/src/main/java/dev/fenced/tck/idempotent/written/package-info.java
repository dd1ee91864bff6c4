/** The deployment of {@code IdempotentWrittenBodyTest}. */
package dev.fenced.tck.idempotent.written;
