/**
 * The deployments of {@code IdempotentFaultToleranceOrderTest} (resources and a bean that Fault
 * Tolerance retries, a store that counts its calls), {@code IdempotentFaultToleranceOutcomeTest}
 * (bean methods with {@code @Timeout}, {@code @Fallback}, {@code @CircuitBreaker}, {@code @Retry}
 * and {@code @Asynchronous}) and {@code IdempotentFaultToleranceResourceTest} (resource methods
 * with {@code @Timeout}, {@code @Fallback} and {@code @CircuitBreaker}, and an open circuit mapped
 * to 429).
 */
package dev.fenced.tck.idempotent.faulttolerance;
