/** The deployment of {@code WithoutOverlappingReentrantTest}. */
package dev.fenced.tck.locks.reentrant;
