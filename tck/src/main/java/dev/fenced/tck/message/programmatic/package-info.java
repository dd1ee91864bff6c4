/** The deployment of {@code IdempotencyProgrammaticTest}. */
package dev.fenced.tck.message.programmatic;
