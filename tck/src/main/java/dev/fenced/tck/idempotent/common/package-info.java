/**
 * Deployment classes every HTTP TCK deployment shares: the JAX-RS application under {@code /api}
 * and an invocation counter, read through {@code GET /api/invocations/<name>}.
 */
package dev.fenced.tck.idempotent.common;
