/** The deployment of {@code IdempotentEjbResourceTest}: a resource that is a session bean. */
package dev.fenced.tck.idempotent.ejb;
