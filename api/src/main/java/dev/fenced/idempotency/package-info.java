/**
 * Idempotency: {@link dev.fenced.idempotency.Idempotent} and the programmatic {@link
 * dev.fenced.idempotency.Idempotency} run work once per key and replay its stored outcome.
 *
 * <p>Errors are {@link dev.fenced.idempotency.IdempotencyException}s with a stable code; the CDI
 * events in this package report replays, rejections and lost locks.
 */
package dev.fenced.idempotency;
