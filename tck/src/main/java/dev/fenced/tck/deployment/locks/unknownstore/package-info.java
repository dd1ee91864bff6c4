/** The deployment of {@code InvalidLockStoreTest}. */
package dev.fenced.tck.deployment.locks.unknownstore;
