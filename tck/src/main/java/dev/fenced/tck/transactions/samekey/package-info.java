/**
 * The beans of {@code SameKeyInOneTransactionTest}: a transactional batch that uses one key twice,
 * for an idempotent payment, a job and a lock.
 */
package dev.fenced.tck.transactions.samekey;
