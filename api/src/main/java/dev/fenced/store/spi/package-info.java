/**
 * What both kinds of store share, next to the idempotency and lock SPIs: {@link
 * dev.fenced.store.spi.StoreUnavailableException}, which every store call throws when it cannot
 * reach its data; {@link dev.fenced.store.spi.StoreLimits}, the bounds every store enforces; {@link
 * dev.fenced.store.spi.CombinedStore}, one object that is both stores; and the optional {@link
 * dev.fenced.store.spi.StoreReadiness}, which Fenced's readiness checks ask (a store without it is
 * reported ready as long as it is selected).
 */
package dev.fenced.store.spi;
