/**
 * The lock store SPI: implement {@link dev.fenced.locks.spi.LockStore} to keep locks in your own
 * store, and run the TCK's {@code LockStoreContract} against it.
 */
package dev.fenced.locks.spi;
