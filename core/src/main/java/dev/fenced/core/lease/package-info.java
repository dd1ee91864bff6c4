/** Internal: keeping a lease alive, shared by the lock and idempotency engines; not an API. */
package dev.fenced.core.lease;
