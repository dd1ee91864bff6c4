/**
 * Fenced: what is common to idempotency and locks, the root exception and its error codes, and the
 * interceptor priorities.
 *
 * <p>See {@link dev.fenced.idempotency} for repeated requests and {@link dev.fenced.locks} for work
 * that must run on one instance.
 */
package dev.fenced;
