/**
 * The deployments of {@code IdempotentFaultToleranceOrderTest} (resources and a bean that Fault
 * Tolerance retries, a store that counts its calls) and {@code IdempotentFaultToleranceOutcomeTest}
 * (bean methods with {@code @Timeout}, {@code @Fallback}, {@code @CircuitBreaker}, {@code @Retry}
 * and {@code @Asynchronous}).
 */
package dev.fenced.tck.idempotent.faulttolerance;
