/**
 * The EJB half of the behaviour TCK: Fenced's exceptions are EJB application exceptions, so the
 * caller of an EJB gets the Fenced exception itself (never an {@code EJBException}), and the
 * caller's transaction rolls back exactly where the documentation says: after a lost lock or an
 * idempotency refusal, not after a lock that was never acquired. Each test class keeps its
 * deployment's classes in a sub-package.
 */
package dev.fenced.tck.ejb;
