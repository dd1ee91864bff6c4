/**
 * The caller's transaction, one seam for every path: {@link
 * dev.fenced.cdi.transaction.Transactions} (what Fenced asks of it), its one JTA adapter {@link
 * dev.fenced.cdi.transaction.JtaTransactions} with the one look-up of the server's synchronization
 * registry, and {@link dev.fenced.cdi.transaction.TransactionUnitOfWork}, the same transaction as
 * core's {@code UnitOfWork} for job and {@code Locks} runs.
 */
package dev.fenced.cdi.transaction;
