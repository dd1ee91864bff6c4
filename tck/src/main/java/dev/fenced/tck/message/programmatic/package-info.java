/**
 * The deployments of {@code IdempotencyProgrammaticTest}, {@code
 * IdempotencyProgrammaticMetadataTest} and {@code IdempotencyProgrammaticPayloadTest}.
 */
package dev.fenced.tck.message.programmatic;
