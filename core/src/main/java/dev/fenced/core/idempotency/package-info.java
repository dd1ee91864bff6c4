/**
 * The idempotency engine in plain Java: key validation, record keys, request fingerprints, the
 * storage policy, and {@link dev.fenced.core.idempotency.IdempotencyEngine}, which claims a key in
 * an {@link dev.fenced.idempotency.spi.IdempotencyStore}, keeps its lock alive and records the
 * outcome. The CDI interceptors and JAX-RS filters are thin adapters over it.
 */
package dev.fenced.core.idempotency;
