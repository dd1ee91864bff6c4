/** The deployment of {@code InvalidIdempotentLockTtlTest}. */
package dev.fenced.tck.invalid.lockttl;
