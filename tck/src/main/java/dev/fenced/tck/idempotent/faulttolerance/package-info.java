/** The deployment of {@code IdempotentFaultToleranceOrderTest}. */
package dev.fenced.tck.idempotent.faulttolerance;
