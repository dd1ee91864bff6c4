/**
 * PostgreSQL stores through JPA: {@link dev.fenced.store.jpa.JpaIdempotencyStore} and {@link
 * dev.fenced.store.jpa.JpaLockStore} decide every call in one native {@code INSERT ... ON CONFLICT}
 * or {@code UPDATE}/{@code DELETE} statement on the database's clock, each in its own transaction;
 * {@link dev.fenced.store.jpa.JpaStoreBean}, one bean implementing both, is the store {@code jpa} a
 * server selects.
 */
package dev.fenced.store.jpa;
