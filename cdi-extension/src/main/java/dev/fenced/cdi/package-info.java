/**
 * Fenced's CDI layer: the portable extension {@link dev.fenced.cdi.FencedExtension}, the
 * {@code @Idempotent} interceptor, the programmatic {@code Idempotency} bean and the runtime the
 * JAX-RS layer shares ({@link dev.fenced.cdi.IdempotencyRuntime}). They adapt the plain-Java
 * engines.
 */
package dev.fenced.cdi;
