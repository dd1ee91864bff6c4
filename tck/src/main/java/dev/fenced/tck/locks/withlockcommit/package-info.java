/** The deployment of {@code LocksWithLockTransactionTest}. */
package dev.fenced.tck.locks.withlockcommit;
