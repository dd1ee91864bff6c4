/**
 * The lock store SPI: implement {@link dev.fenced.locks.spi.LockStore} to keep locks in your own
 * store, and run the TCK's {@code LockStoreContract} against it. One object that is both an
 * idempotency store and a lock store implements {@link dev.fenced.store.spi.CombinedStore}.
 */
package dev.fenced.locks.spi;
