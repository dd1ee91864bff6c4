/** The deployment of {@code InvalidIdempotentTtlTest}. */
package dev.fenced.tck.deployment.idempotent.ttl;
