/** The deployment of {@code WithoutOverlappingTimerRetryTest}. */
package dev.fenced.tck.locks.timerretry;
