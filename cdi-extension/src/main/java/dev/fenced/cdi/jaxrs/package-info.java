/**
 * The HTTP semantics of {@code @Idempotent} on JAX-RS resource methods and classes.
 *
 * <p>{@link dev.fenced.cdi.jaxrs.IdempotencyFeature} binds, to each guarded resource method, a
 * request filter that reads the key and claims it (or answers with a replay or a problem), a
 * response filter that decides what to store, and a writer interceptor that captures the bytes the
 * client receives. {@link dev.fenced.cdi.jaxrs.ClaimCleanupListener} releases claims that no
 * response filter saw (unmapped exceptions). Only the {@code jakarta.ws.rs} API is used, so the
 * same classes run on RESTEasy (WildFly, Open Liberty) and any other implementation.
 */
package dev.fenced.cdi.jaxrs;
