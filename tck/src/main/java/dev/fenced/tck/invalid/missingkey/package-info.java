/** The deployment of {@code InvalidMissingIdempotencyKeyTest}. */
package dev.fenced.tck.invalid.missingkey;
