/** The deployment of {@code InvalidLockStoreTest}. */
package dev.fenced.tck.locks.invalid.unknownstore;
