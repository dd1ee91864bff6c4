/** The deployment of {@code InvalidIdempotentLockTtlTest}. */
package dev.fenced.tck.deployment.idempotent.lockttl;
