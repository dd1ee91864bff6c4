/** The deployment of {@code WithoutOverlappingTimeoutTest}. */
package dev.fenced.tck.locks.timeout;
