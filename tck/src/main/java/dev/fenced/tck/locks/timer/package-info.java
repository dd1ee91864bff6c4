/** The deployment of {@code WithoutOverlappingTimerTest}. */
package dev.fenced.tck.locks.timer;
