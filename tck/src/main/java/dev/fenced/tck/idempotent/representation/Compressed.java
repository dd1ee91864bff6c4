package dev.fenced.tck.idempotent.representation;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds {@link GzipWhenAccepted} and {@link GzipWriter} to a resource method: its response is
 * gzip-compressed for a request that accepts gzip, the way a JAX-RS runtime's own GZIP support
 * works (a response filter negotiates, an {@code ENTITY_CODER} writer interceptor compresses).
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Compressed {}
