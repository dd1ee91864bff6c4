/** The deployment of {@code InvalidWithoutOverlappingLockAtMostForTest}. */
package dev.fenced.tck.deployment.locks.maximumhold;
