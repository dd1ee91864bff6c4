/** The deployment of {@code IdempotentTransactionCommitTest}. */
package dev.fenced.tck.transactions.commit;
