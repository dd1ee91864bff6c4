/** The deployment of {@code InvalidIdempotentTtlTest}. */
package dev.fenced.tck.invalid.ttl;
