/** The deployment of {@code IdempotentStreamingOutputTest}. */
package dev.fenced.tck.idempotent.streaming;
