/** The deployment of {@code WithoutOverlappingTransactionTest}. */
package dev.fenced.tck.locks.commit;
