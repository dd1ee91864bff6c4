/** The deployment of {@code OnOneInstanceWithoutOverlappingTest}. */
package dev.fenced.tck.locks.combined;
