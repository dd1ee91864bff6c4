/** The deployment of {@code IdempotentCompletionStageTest}. */
package dev.fenced.tck.idempotent.completionstage;
