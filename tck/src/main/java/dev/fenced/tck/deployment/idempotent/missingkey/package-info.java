/** The deployment of {@code InvalidMissingIdempotencyKeyTest}. */
package dev.fenced.tck.deployment.idempotent.missingkey;
