/** The deployment of {@code InvalidWithoutOverlappingTtlTest}. */
package dev.fenced.tck.deployment.locks.zerottl;
