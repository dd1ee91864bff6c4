/**
 * Fenced's CDI layer at call time: the interceptors (one delegating line each), the runtimes they
 * delegate to ({@link dev.fenced.cdi.FencedIdempotencyRuntime}, {@link
 * dev.fenced.cdi.FencedLocksRuntime}), the programmatic {@code Idempotency} and {@code Locks}
 * beans, Fenced's threads ({@code FencedExecutor}) and the runtime the JAX-RS layer shares ({@link
 * dev.fenced.cdi.IdempotencyRuntime}). They adapt the plain-Java engines, and find each method's
 * model through {@link dev.fenced.cdi.model.ModelProvider}; what runs while the container boots is
 * in {@link dev.fenced.cdi.boot}.
 */
package dev.fenced.cdi;
