/** The deployment of {@code OnOneInstanceFaultToleranceTest}. */
package dev.fenced.tck.locks.faulttolerance;
