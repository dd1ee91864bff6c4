/** The deployment of {@code WithoutOverlappingLockAtMostForTest}. */
package dev.fenced.tck.locks.lockatmostfor;
