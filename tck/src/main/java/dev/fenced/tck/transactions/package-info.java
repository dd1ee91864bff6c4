/**
 * The transaction half of the behaviour TCK: in-container Arquillian tests showing that an
 * {@code @Idempotent} outcome inside a JTA transaction is recorded only after the commit, and that
 * a rollback releases the key. Each test class keeps its deployment's classes in a sub-package.
 */
package dev.fenced.tck.transactions;
