/**
 * The deployment of {@code IdempotentKeyResolverTest}: keys computed by a named {@code
 * IdempotencyKeyResolver} bean.
 */
package dev.fenced.tck.idempotent.keyresolver;
