/**
 * The operator's view of Fenced's shared state: inject {@link dev.fenced.admin.FencedAdmin} to
 * inspect and purge idempotency records, list records stuck in flight, inspect and force-release
 * locks and see who leads an election. A store offers this through the optional SPIs {@link
 * dev.fenced.idempotency.spi.IdempotencyRecordAdministration} and {@link
 * dev.fenced.locks.spi.LockAdministration}; the built-in stores implement both.
 */
package dev.fenced.admin;
