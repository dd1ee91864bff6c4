/**
 * The beans of {@code IdempotentCallScopeTest}: an EJB and a CDI bean whose keys are scoped by a
 * resolver, or global, and the tenant the resolver reads.
 */
package dev.fenced.tck.message.scoped;
