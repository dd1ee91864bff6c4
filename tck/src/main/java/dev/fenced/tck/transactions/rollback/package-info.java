/** The deployment of {@code IdempotentTransactionRollbackTest}. */
package dev.fenced.tck.transactions.rollback;
