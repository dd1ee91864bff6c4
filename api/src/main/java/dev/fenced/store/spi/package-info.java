/**
 * What any store may offer operators, next to the idempotency and lock SPIs: {@link
 * dev.fenced.store.spi.StoreReadiness}, which Fenced's readiness checks ask. Optional: a store
 * without it is reported ready as long as it is selected.
 */
package dev.fenced.store.spi;
