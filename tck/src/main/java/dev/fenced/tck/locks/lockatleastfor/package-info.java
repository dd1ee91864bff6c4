/** The deployment of {@code WithoutOverlappingLockAtLeastForTest}. */
package dev.fenced.tck.locks.lockatleastfor;
